import { ApiProperty } from '@nestjs/swagger';
import { UserDto } from '../users/user.dto';
import { MessageResponseDto } from '@pid/platform';

export class EmailVerifiedDto extends MessageResponseDto {
  @ApiProperty({ type: UserDto })
  user: UserDto;
}
