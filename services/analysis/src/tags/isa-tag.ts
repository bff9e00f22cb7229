/** The ISA-5.1 parser lives in platform, shared with the drawing export. */
export { parseIsaTag, type IsaTag } from '@pid/platform/tags';
