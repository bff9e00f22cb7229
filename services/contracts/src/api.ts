/**
 * REST shapes of spec §3, with the spec's field names. Dates travel as ISO-8601 strings.
 */
import type { ElementType } from './element-types';

export type Id = string;

/** `{ msg }` is the body of every error response. */
export interface ErrorBody {
  msg: string;
}

export interface TokenResponse {
  token: string;
}

/** Payload of the signed login token; `exp` is in seconds since the epoch. */
export interface TokenPayload {
  sub: Id;
  exp: number;
  iat?: number;
  /** The user's token version at signing; raised by a password reset or an e-mail change. Absent: 0. */
  ver?: number;
}

export interface User {
  _id: Id;
  username: string;
  email: string;
  isEmailVerified: boolean;
  hasActiveSubscription: boolean;
  subscriptionId?: string | null;
  subscriptionStatus?: string | null;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface ProfileUpdateRequest {
  username?: string;
  email?: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export interface VerifyResetTokenResponse {
  valid: boolean;
}

export interface MessageResponse {
  msg: string;
}

// ---- Drawings ----

export const DRAWING_STATUSES = ['uploaded', 'processing', 'completed', 'error', 'failed', 'ready'] as const;
export type DrawingStatus = (typeof DRAWING_STATUSES)[number];

export interface ImageSize {
  width: number;
  height: number;
}

/** How a page was read: from its pixels, from the PDF's own text and paths, or both. */
export const ANALYSIS_SOURCES = ['raster', 'vector', 'mixed'] as const;
export type AnalysisSource = (typeof ANALYSIS_SOURCES)[number];
export const isAnalysisSource = (value: unknown): value is AnalysisSource => ANALYSIS_SOURCES.includes(value as AnalysisSource);

export interface DrawingMetadata {
  processingProgress?: number;
  jobId?: string;
  /** Page 1's image (the pixel space of its element boxes). */
  image_size?: ImageSize;
  /** PDFs only. */
  pageCount?: number;
  /** Every page's `GET /drawings/:id/file?page=N` image size, page 1 first (one entry for PNG, JPEG, TIFF). */
  pages?: ImageSize[];
  /** How the last analysis read each page, page 1 first. */
  pageSources?: AnalysisSource[];
}

export interface Drawing {
  _id: Id;
  name: string;
  status: DrawingStatus;
  uploadDate: string;
  processingMessage?: string | null;
  documentName: string;
  metadata: DrawingMetadata;
}

export interface ProcessingStatusResponse {
  drawingStatus: DrawingStatus;
  message: string;
  progress?: number;
}

// ---- Graph ----

export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ItemSource = 'analysis' | 'user';

export interface GraphItemMetadata {
  confidence?: number;
  source?: ItemSource;
  analysisRunId?: string;
  [key: string]: unknown;
}

/** Where an off-page connector continues in another drawing of the same user (`metadata.continues_on`). */
export interface OffPageContinuation {
  drawing: Id;
  element: Id;
  page: number;
}

export interface DrawingElementMetadata extends GraphItemMetadata {
  continues_on?: OffPageContinuation;
}

export interface DrawingElement {
  _id: Id;
  drawing: Id;
  /** 1-based page of the drawing the element is on; its box is in that page's pixels (`metadata.pages`). */
  page: number;
  elementType: ElementType;
  name: string;
  description: string;
  boundingBox: BoundingBox;
  confirmed: boolean;
  metadata?: DrawingElementMetadata;
}

export type SegmentOrientation = 'horizontal' | 'vertical';

export interface PathSegment {
  orientation: SegmentOrientation;
  start: [number, number];
  end: [number, number];
}

export const RELATIONSHIP_TYPES = ['connects to', 'flows to', 'controls', 'monitors', 'powers', 'senses', 'custom'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];
export const DEFAULT_RELATIONSHIP_TYPE: RelationshipType = 'connects to';

export interface ConnectionMetadata extends GraphItemMetadata {
  path_data?: { path: PathSegment[] };
  /** An analysis-made link between two off-page connectors naming the same continuation; no path. */
  off_page_link?: boolean;
  /** With `off_page_link`: the pages of the two ends, lower first. */
  pages?: [number, number];
}

/** The description of an off-page link connection. */
export const OFF_PAGE_LINK_DESCRIPTION = 'off-page link';

export interface Connection {
  _id: Id;
  drawing: Id;
  /** 1-based page the connection is drawn on: its source's page (an off-page link lists both in `metadata.pages`). */
  page: number;
  /** Element ids; some responses carry the element object instead. */
  source: Id | { _id: Id };
  target: Id | { _id: Id };
  name: string;
  description: string;
  relationshipType: RelationshipType;
  customRelationshipType?: string;
  confirmed: boolean;
  metadata: ConnectionMetadata;
}

// ---- Billing ----

export interface ProductPrice {
  id: string;
  unitAmount: number;
  currency: string;
  recurringInterval: 'day' | 'week' | 'month' | 'year';
  recurringIntervalCount: number;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  features?: string[];
  defaultPrice: ProductPrice;
}

export interface CheckoutSessionResponse {
  url: string;
}

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
}

export interface SubscriptionInfo {
  subscriptionId: string;
  status: string;
  plan?: { nickname?: string | null; amount: number; currency?: string; interval?: string };
  product?: { name: string; description?: string };
  payment_method?: PaymentMethodSummary | null;
  current_period_start?: string;
  current_period_end?: string;
  created?: string;
  /** True when the subscription ends at `current_period_end` instead of renewing. */
  cancel_at_period_end?: boolean;
  canceled_at?: string | null;
}

export interface SubscriptionStatusResponse {
  isActive: boolean;
  subscriptionId: string | null;
  status: string | null;
  subscription?: SubscriptionInfo;
  history?: SubscriptionInfo[];
}

export interface PaymentVerificationResponse {
  success: boolean;
  message: string;
  subscription?: { status: string; plan: string; currentPeriodEnd: string };
}

// ---- Health ----

export type HealthState = 'up' | 'down';

export interface HealthReport {
  status: HealthState;
  service: string;
  checks: Record<string, HealthState>;
}

export interface GatewayHealthReport {
  status: HealthState;
  services: Record<string, HealthReport | { status: 'down'; service: string; error: string }>;
}
