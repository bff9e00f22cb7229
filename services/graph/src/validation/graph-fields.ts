import { ELEMENT_TYPES, MAX_DRAWING_PAGES, RELATIONSHIP_TYPES, type BoundingBox, type PathSegment } from '@pid/contracts';
import { z } from 'zod';
import { checkPath } from './path-segments';

/** Upper bounds the client does not need, so that one request cannot store megabytes of text. */
export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH = 100;
/** Ids are UUIDs; a longer string is not worth looking at. */
const ID_MAX_LENGTH = 100;

export const drawingId = z
  .string({ error: 'drawing is required: the id of the drawing' })
  .min(1, 'drawing is required: the id of the drawing')
  .max(ID_MAX_LENGTH, 'drawing must be a drawing id');

export const elementType = z.enum(ELEMENT_TYPES, { error: `elementType must be one of: ${ELEMENT_TYPES.join(', ')}` });

export const name = z.string({ error: 'name must be a string' }).max(NAME_MAX_LENGTH, `name must be at most ${NAME_MAX_LENGTH} characters`);

export const description = z
  .string({ error: 'description must be a string' })
  .max(DESCRIPTION_MAX_LENGTH, `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

export const confirmed = z.boolean({ error: 'confirmed must be true or false' });

const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_DRAWING_PAGES}`;
/** A 1-based page of a drawing. */
export const page = z.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(MAX_DRAWING_PAGES, PAGE_MESSAGE);

// z.number() refuses NaN and ±Infinity; JSON.parse turns 1e999 into Infinity, so this is not academic.
const coordinate = z.number({ error: 'boundingBox x, y, width and height must be finite numbers' });

export const boundingBox: z.ZodType<BoundingBox> = z
  .object(
    { x: coordinate, y: coordinate, width: coordinate, height: coordinate },
    { error: 'boundingBox must be an object with x, y, width and height' },
  )
  .refine((box) => box.width > 0 && box.height > 0, 'boundingBox width and height must be greater than 0')
  .transform(({ x, y, width, height }) => ({ x, y, width, height }));

/** An element id, or the element itself as some responses carry it (`{ _id }`, spec §3). */
export const elementReference = z
  .union([z.string().max(ID_MAX_LENGTH), z.object({ _id: z.string().max(ID_MAX_LENGTH) })], {
    error: 'source and target must be element ids',
  })
  .transform((value) => (typeof value === 'string' ? value : value._id));

export const relationshipType = z.enum(RELATIONSHIP_TYPES, {
  error: `relationshipType must be one of: ${RELATIONSHIP_TYPES.join(', ')}`,
});

export const customRelationshipType = z
  .string({ error: 'customRelationshipType must be a string' })
  .max(CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH, `customRelationshipType must be at most ${CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH} characters`)
  .nullable();

export const CUSTOM_TYPE_REQUIRED = 'customRelationshipType is required when relationshipType is custom';

const path = z.unknown().transform((value, context): PathSegment[] => {
  const checked = checkPath(value);
  if (typeof checked !== 'string') return checked;
  context.addIssue({ code: 'custom', message: checked });
  return z.NEVER;
});

/**
 * The part of a connection's metadata a client may write: its drawn route. `path_data: null` removes
 * the route. Other keys (confidence, source, analysis run) belong to the server and are ignored.
 */
export const connectionMetadata = z.object(
  {
    path_data: z.object({ path }, { error: 'metadata.path_data must be an object with a path list' }).nullable().optional(),
  },
  { error: 'metadata must be an object' },
);
