import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ProfileUpdateRequest, User } from '@pid/contracts';
import type { z } from 'zod';
import { email, EMAIL_MAX_LENGTH, username, USERNAME_MAX_LENGTH } from '../validation/account-fields';
import { bodyObject } from '@pid/platform';

/** Either field may be left out; other fields are ignored. */
export const profileUpdateBody = bodyObject({
  username: username.optional(),
  email: email.optional(),
}) satisfies z.ZodType<ProfileUpdateRequest>;

export class UserDto implements User {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ example: 'jane' })
  username: string;

  @ApiProperty({ example: 'jane@example.com' })
  email: string;

  @ApiProperty()
  isEmailVerified: boolean;

  @ApiProperty({ description: 'From billing; false when billing does not answer' })
  hasActiveSubscription: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Present when billing answered' })
  subscriptionId?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'active', description: 'Present when billing answered' })
  subscriptionStatus?: string | null;
}

export class ProfileUpdateDto implements ProfileUpdateRequest {
  @ApiPropertyOptional({ example: 'jane', maxLength: USERNAME_MAX_LENGTH })
  username?: string;

  @ApiPropertyOptional({ example: 'jane@example.com', maxLength: EMAIL_MAX_LENGTH, description: 'A new address must be verified again' })
  email?: string;
}
