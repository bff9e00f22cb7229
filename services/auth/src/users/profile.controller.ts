import { Body, Controller, Inject, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, JwtAuthGuard, ZodBodyPipe, type AuthenticatedUser, ErrorBodyDto } from '@pid/platform';
import { ProfileService } from './profile.service';
import { ProfileUpdateDto, UserDto } from './user.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('users')
export class ProfileController {
  constructor(
    @Inject(ProfileService) private readonly profiles: ProfileService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Put('profile')
  @ApiOperation({
    summary: 'Change the signed-in user’s username or e-mail',
    description: 'A new e-mail address is unverified until the link mailed to it is followed.',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A field breaks a rule, or the e-mail belongs to another account' })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  async update(
    @CurrentUser() caller: AuthenticatedUser,
    @Body(new ZodBodyPipe(ProfileUpdateDto.schema)) body: ProfileUpdateDto,
  ): Promise<UserDto> {
    return this.users.present(await this.profiles.update(caller.id, body));
  }
}
