import { ApiProperty } from '@nestjs/swagger';
import { MessageResponseDto } from '../messages.dto';
import { UserDto } from '../users/user.dto';

export class EmailVerifiedDto extends MessageResponseDto {
  @ApiProperty({ type: UserDto })
  user: UserDto;
}
