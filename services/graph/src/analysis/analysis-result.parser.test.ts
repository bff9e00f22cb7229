import { randomUUID } from 'node:crypto';
import { PermanentJobError } from '@pid/platform';
import { describe, expect, it } from '@jest/globals';
import { parseAnalysisResult } from './analysis-result.parser';

const drawingId = randomUUID();
const userId = randomUUID();
const element = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  elementType: 'valve',
  name: key,
  description: '',
  boundingBox: { x: 0, y: 0, width: 10, height: 10 },
  metadata: { confidence: 0.9, tag: { prefix: 'V', number: '101' } },
  ...extra,
});

describe('parseAnalysisResult', () => {
  it.each([
    [null],
    ['text'],
    [{ jobId: '', drawingId, userId, elements: [], connections: [] }],
    [{ jobId: 'j', drawingId: 'nope', userId, elements: [], connections: [] }],
    [{ jobId: 'j', drawingId, userId: 7, elements: [], connections: [] }],
    [{ jobId: 'j', drawingId, userId, elements: {}, connections: [] }],
  ])('fails for good on a malformed envelope %j', (payload) => {
    expect(() => parseAnalysisResult(payload)).toThrow(PermanentJobError);
  });

  it('marks items as this run’s analysis output and keeps their metadata', () => {
    const parsed = parseAnalysisResult({
      jobId: 'job-1',
      drawingId: drawingId.toUpperCase(),
      userId,
      elements: [element('a', { page: 2, metadata: { confidence: 0.5, source: 'user' } }), element('b')],
      connections: [{ key: 'ab', sourceKey: 'a', targetKey: 'b', relationshipType: 'flows to', metadata: { confidence: 0.4 } }],
    });
    expect(parsed.drawingId).toBe(drawingId);
    expect(parsed.elements[0]).toEqual({
      key: 'a',
      elementType: 'valve',
      name: 'a',
      description: '',
      box: { x: 0, y: 0, width: 10, height: 10 },
      page: 2,
      metadata: { confidence: 0.5, source: 'analysis', analysisRunId: 'job-1' },
    });
    expect(parsed.elements[1]!.metadata).toEqual({
      confidence: 0.9,
      tag: { prefix: 'V', number: '101' },
      source: 'analysis',
      analysisRunId: 'job-1',
    });
    expect(parsed.connections).toEqual([
      {
        // On its source's page.
        page: 2,
        sourceKey: 'a',
        targetKey: 'b',
        relationshipType: 'flows to',
        name: '',
        description: '',
        metadata: { confidence: 0.4, source: 'analysis', analysisRunId: 'job-1' },
      },
    ]);
    expect(parsed.skipped).toEqual({ elements: 0, connections: 0 });
  });

  it('leaves out and counts malformed items, truncates long texts', () => {
    const parsed = parseAnalysisResult({
      jobId: 'job-2',
      drawingId,
      userId,
      elements: [
        element('a', { name: 'n'.repeat(500) }),
        element('a'),
        element('b', { boundingBox: { x: 0, y: 0, width: -1, height: 10 } }),
        element('c', { elementType: 'unicorn' }),
        element('d', { boundingBox: { x: 0, y: 0, width: 1 } }),
        element('e'),
        'junk',
      ],
      connections: [
        { sourceKey: 'a', targetKey: 'e', relationshipType: 'custom', metadata: {} },
        { sourceKey: 'a', targetKey: 'a', relationshipType: 'controls', metadata: {} },
        { sourceKey: 'a', targetKey: 'b', relationshipType: 'controls', metadata: {} },
        { sourceKey: 'e', targetKey: 'a' },
      ],
    });
    expect(parsed.elements.map((item) => item.key)).toEqual(['a', 'e']);
    expect(parsed.elements[0]!.name).toHaveLength(200);
    expect(parsed.connections.map((item) => [item.sourceKey, item.targetKey, item.relationshipType])).toEqual([
      ['a', 'e', 'connects to'],
      ['e', 'a', 'connects to'],
    ]);
    expect(parsed.skipped).toEqual({ elements: 5, connections: 2 });
  });

  it('keeps a well-formed route and drops a malformed one', () => {
    const route = [{ orientation: 'vertical', start: [5, 0], end: [5, 20] }];
    const parsed = parseAnalysisResult({
      jobId: 'job-3',
      drawingId,
      userId,
      elements: [element('a'), element('b')],
      connections: [
        { sourceKey: 'a', targetKey: 'b', relationshipType: 'connects to', metadata: { path_data: { path: route } } },
        {
          sourceKey: 'b',
          targetKey: 'a',
          relationshipType: 'connects to',
          metadata: { path_data: { path: [{ orientation: 'vertical', start: [5, 0], end: [6, 20] }] } },
        },
      ],
    });
    expect(parsed.connections[0]!.metadata.path_data).toEqual({ path: route });
    expect(parsed.connections[1]!.metadata).not.toHaveProperty('path_data');
  });
});
