import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ProfileUpdateRequest, User } from '@pid/contracts';
import type { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { email, username } from '../validation/account-fields';
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

/** The request body's OpenAPI schema and type, from the same zod schema that validates it (nestjs-zod). */
export class ProfileUpdateDto extends createZodDto(profileUpdateBody) {}
