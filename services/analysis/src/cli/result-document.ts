import type { AnalysisConnection, AnalysisElement, AnalysisSource, ImageSize } from '@pid/contracts';

/**
 * The CLI's output: the API's field names (`_id`, `source`, `target`, `image_size`), and how the page
 * was read (`analysis_source`: raster, vector or mixed).
 */
export function resultDocument(
  imageSize: ImageSize,
  elements: AnalysisElement[],
  connections: AnalysisConnection[],
  analysisSource: AnalysisSource = 'raster',
) {
  return {
    image_size: imageSize,
    analysis_source: analysisSource,
    elements: elements.map((element) => ({
      _id: element.key,
      elementType: element.elementType,
      name: element.name,
      description: element.description,
      boundingBox: element.boundingBox,
      confirmed: false,
      ...(element.page ? { page: element.page } : {}),
      metadata: { ...element.metadata, source: 'analysis' },
    })),
    connections: connections.map((connection) => ({
      _id: connection.key,
      source: connection.sourceKey,
      target: connection.targetKey,
      name: connection.name ?? '',
      description: connection.description ?? '',
      relationshipType: connection.relationshipType,
      confirmed: false,
      metadata: { ...connection.metadata, source: 'analysis' },
    })),
  };
}
