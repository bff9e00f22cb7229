import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import { RateLimited } from '../rate-limit/rate-limit.guard';
import { UserDto } from '../users/user.dto';
import { UsersService } from '../users/users.service';
import { LoginDto, RegisterDto, TokenResponseDto } from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('auth')
@Controller('auth')
export class AccountsController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Post('register')
  @RateLimited('register')
  @ApiOperation({ summary: 'Create an account', description: 'Mails a verification link and answers a login token.' })
  @ApiCreatedResponse({ type: TokenResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule, or the e-mail already has an account' })
  async register(@Body(new ZodBodyPipe(RegisterDto.schema)) body: RegisterDto): Promise<TokenResponseDto> {
    return { token: await this.accounts.register(body) };
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @RateLimited('login')
  @ApiOperation({ summary: 'Log in', description: 'Unknown e-mail and wrong password get the same answer.' })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: '`Invalid credentials`' })
  async login(@Body(new ZodBodyPipe(LoginDto.schema)) body: LoginDto): Promise<TokenResponseDto> {
    return { token: await this.accounts.login(body) };
  }

  @Get()
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  async current(@CurrentUser() caller: AuthenticatedUser): Promise<UserDto> {
    return this.users.present(await this.users.findAuthenticated(caller.id));
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user, with e-mail verification and subscription state' })
  @ApiOkResponse({ type: UserDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  async me(@CurrentUser() caller: AuthenticatedUser): Promise<UserDto> {
    return this.current(caller);
  }
}
