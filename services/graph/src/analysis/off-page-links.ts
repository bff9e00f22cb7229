import { OFF_PAGE_LINK_DESCRIPTION, type ConnectionMetadata, type OffPageContinuation } from '@pid/contracts';
import type { EntityManager } from 'typeorm';
import { continuationKey } from './continuation-key';
import { lockUntilCommit, queryRows } from '@pid/platform';

export interface OffPageLinkCount {
  /** Connections made between connectors on two pages of the drawing. */
  pageLinks: number;
  /** Connectors of the drawing paired with one in another drawing of the same user (`metadata.continues_on`). */
  drawingLinks: number;
}

interface Connector {
  id: string;
  drawing_id: string;
  page: number;
  /** The connector's name, or else the text written beside it. */
  label: string;
  continued: boolean;
}

/**
 * An off-page connector's label: its name, or, when unnamed (the analysis seldom names one), the text
 * elements on its page within one connector height of its box, top to bottom. Rows of `user`'s
 * connectors that match `where` (SQL on `c`, the connector).
 */
async function connectors(manager: EntityManager, where: string, parameters: unknown[]): Promise<Connector[]> {
  return queryRows<Connector>(
    manager,
    `SELECT c.id, c.drawing_id, c.page, c.metadata ? 'continues_on' AS continued,
       CASE WHEN c.name <> '' THEN c.name ELSE COALESCE(string_agg(t.name, ' ' ORDER BY t.y, t.x), '') END AS label
     FROM elements c
     LEFT JOIN elements t ON c.name = '' AND t.drawing_id = c.drawing_id AND t.page = c.page
       AND t.element_type = 'text' AND t.name <> ''
       AND t.x < c.x + c.width + c.height AND t.x + t.width > c.x - c.height
       AND t.y < c.y + 2 * c.height AND t.y + t.height > c.y - c.height
     WHERE c.element_type = 'off_page_connector' AND ${where}
     GROUP BY c.id
     ORDER BY c.page, c.seq`,
    parameters,
  );
}

/** Connectors by continuation; those without one are left out. */
function byContinuation(list: Connector[]): Map<string, Connector[]> {
  const groups = new Map<string, Connector[]>();
  for (const connector of list) {
    const key = continuationKey(connector.label);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(connector);
    else groups.set(key, [connector]);
  }
  return groups;
}

/**
 * After an analysis run is applied (same transaction, under the drawing's lock), links the drawing's
 * off-page connectors that name the same continuation (`continuationKey`):
 * - on two pages of the drawing: a connection from the one on the lower page to the other,
 *   `connects to`, description "off-page link", `metadata: { off_page_link: true, pages: [a, b] }`, no
 *   path, marked as this run's output (a re-analysis replaces it like the rest). Several connectors of
 *   one continuation are chained page after page. A pair already connected is left as it is.
 * - otherwise, with a connector of the same continuation in another drawing of the same user (never
 *   another user's): both get `metadata.continues_on` naming the other. Links into this drawing are
 *   made afresh each run, since its elements were just replaced.
 */
export async function linkOffPageConnectors(
  manager: EntityManager,
  run: { jobId: string; drawingId: string; userId: string },
): Promise<OffPageLinkCount> {
  const own = await connectors(manager, 'c.drawing_id = $1', [run.drawingId]);
  const linked = new Set<string>();
  const links: Array<{ source: Connector; target: Connector }> = [];
  for (const group of byContinuation(own).values()) {
    for (let i = 1; i < group.length; i++) {
      if (group[i - 1]!.page === group[i]!.page) continue;
      links.push({ source: group[i - 1]!, target: group[i]! });
      linked.add(group[i - 1]!.id).add(group[i]!.id);
    }
  }
  const pageLinks = await insertPageLinks(manager, run, links);
  const drawingLinks = await linkAcrossDrawings(
    manager,
    run,
    own.filter((connector) => !linked.has(connector.id)),
  );
  return { pageLinks, drawingLinks };
}

async function insertPageLinks(
  manager: EntityManager,
  run: { jobId: string; drawingId: string; userId: string },
  links: Array<{ source: Connector; target: Connector }>,
): Promise<number> {
  if (links.length === 0) return 0;
  const records = links.map(({ source, target }) => {
    const metadata: ConnectionMetadata = {
      off_page_link: true,
      pages: [source.page, target.page],
      source: 'analysis',
      analysisRunId: run.jobId,
    };
    return { page: source.page, source_id: source.id, target_id: target.id, metadata };
  });
  const inserted = await queryRows(
    manager,
    `INSERT INTO connections (drawing_id, user_id, page, source_id, target_id, description, relationship_type, confirmed, metadata)
     SELECT $2, $3, r.page, r.source_id, r.target_id, $4, 'connects to', false, r.metadata
     FROM jsonb_to_recordset($1::jsonb) AS r(page integer, source_id uuid, target_id uuid, metadata jsonb)
     WHERE NOT EXISTS (
       SELECT 1 FROM connections k WHERE k.drawing_id = $2
         AND ((k.source_id = r.source_id AND k.target_id = r.target_id) OR (k.source_id = r.target_id AND k.target_id = r.source_id)))
     RETURNING id`,
    [JSON.stringify(records), run.drawingId, run.userId, OFF_PAGE_LINK_DESCRIPTION],
  );
  return inserted.length;
}

/**
 * Pairs the drawing's connectors left without a partner in it with connectors of the same
 * continuation in the user's other drawings that have no partner yet, in the order they were stored. Under a
 * lock per user, so that two drawings analysed at once do not both claim the same partner.
 */
async function linkAcrossDrawings(
  manager: EntityManager,
  run: { drawingId: string; userId: string },
  unlinked: Connector[],
): Promise<number> {
  await lockUntilCommit(manager, `graph:user-connectors:${run.userId}`);
  // Pairings that involve this drawing are made afresh: its connectors were just replaced or re-read.
  await manager.query(
    `UPDATE elements SET metadata = metadata - 'continues_on', updated_at = now()
     WHERE user_id = $1 AND element_type = 'off_page_connector' AND metadata ? 'continues_on'
       AND (drawing_id = $2 OR metadata->'continues_on'->>'drawing' = $2::text)`,
    [run.userId, run.drawingId],
  );
  if (unlinked.length === 0) return 0;
  const wanted = byContinuation(unlinked);
  const candidates = byContinuation(
    (await connectors(manager, 'c.user_id = $1 AND c.drawing_id <> $2', [run.userId, run.drawingId])).filter(
      (connector) => !connector.continued,
    ),
  );
  const pairs: Array<{ id: string; continuesOn: OffPageContinuation }> = [];
  for (const [key, mine] of wanted) {
    const theirs = candidates.get(key) ?? [];
    for (const [index, connector] of mine.entries()) {
      const partner = theirs[index];
      if (!partner) break;
      pairs.push({ id: connector.id, continuesOn: { drawing: partner.drawing_id, element: partner.id, page: partner.page } });
      pairs.push({ id: partner.id, continuesOn: { drawing: connector.drawing_id, element: connector.id, page: connector.page } });
    }
  }
  if (pairs.length === 0) return 0;
  await manager.query(
    `UPDATE elements AS e SET metadata = jsonb_set(e.metadata, '{continues_on}', r.continues_on), updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, continues_on jsonb)
     WHERE e.id = r.id AND e.user_id = $2`,
    [JSON.stringify(pairs.map(({ id, continuesOn }) => ({ id, continues_on: continuesOn }))), run.userId],
  );
  return pairs.length / 2;
}
