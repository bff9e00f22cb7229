import type { Connection, DrawingElement, RelationshipType } from '@pid/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { ConfirmVisibleDialog } from './confirm-visible-dialog';
import { endId } from '../api/connections';
import type { Selection } from './drawing-canvas';
import { elementLabel, ElementRow, ROW_SX, ROW_TITLE_SX, RowControls } from './element-row';
import { filterConnections, filterElements, type ElementSort } from './element-filter';
import type { Continuation } from './off-page-continuation';
import { useProgressiveCount } from './use-progressive-count';

export { elementLabel } from './element-row';

/** Relationship choices the sidebar offers (spec §5 "Other"). */
const SIDEBAR_RELATIONSHIP_TYPES = ['connects to', 'flows to', 'controls', 'monitors'] as const satisfies readonly RelationshipType[];

/** What the rows can do; the viewer passes functions of fixed identity so memoised rows stay put. */
export interface ViewerSidebarActions {
  onSelect: (selection: Selection) => void;
  onSaveElement: (element: DrawingElement) => void;
  onToggleElement: (element: DrawingElement) => void;
  onDeleteElement: (element: DrawingElement) => void;
  onSaveConnection: (connection: Connection) => void;
  onToggleConnection: (connection: Connection) => void;
  onDeleteConnection: (connection: Connection) => void;
  onEditConnection: (connection: Connection) => void;
  /** Confirms every listed element and connection that is still unconfirmed. */
  onConfirmAll: (elements: DrawingElement[], connections: Connection[]) => void;
  /** Shows an off-page connector's partner: its page, or its drawing. */
  onFollowContinuation: (continuation: Continuation) => void;
}

export interface ViewerSidebarProps {
  /** The elements listed (those of the page shown). */
  elements: DrawingElement[];
  connections: Connection[];
  /** Every element of the drawing, for naming connection ends on other pages (default: `elements`). */
  allElements?: DrawingElement[];
  /** Off-page connectors' continuations, by element id. */
  continuations?: Map<string, Continuation>;
  selection: Selection;
  actions: ViewerSidebarActions;
}

const ConnectionRow = memo(function ConnectionRow({
  connection,
  title,
  selected,
  actions,
}: {
  connection: Connection;
  /** "source → target" by element label. */
  title: string;
  selected: boolean;
  actions: ViewerSidebarActions;
}) {
  return (
    <ListItem
      divider
      data-testid={`connection-row-${connection._id}`}
      sx={{ ...ROW_SX, bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Typography sx={ROW_TITLE_SX} onClick={() => actions.onSelect({ kind: 'connection', id: connection._id })}>
        {connection.name || title}
      </Typography>
      <RowControls
        confirmed={connection.confirmed}
        label={`connection ${title}`}
        onToggle={() => actions.onToggleConnection(connection)}
        onEdit={() => actions.onEditConnection(connection)}
        onDelete={() => actions.onDeleteConnection(connection)}
      />
      <TextField
        select
        size="small"
        variant="standard"
        label="Relationship"
        value={(SIDEBAR_RELATIONSHIP_TYPES as readonly string[]).includes(connection.relationshipType) ? connection.relationshipType : ''}
        onChange={(event) =>
          actions.onSaveConnection({ ...connection, relationshipType: event.target.value as Connection['relationshipType'] })
        }
        fullWidth
      >
        {SIDEBAR_RELATIONSHIP_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </ListItem>
  );
});

function SearchControls(props: {
  query: string;
  onQuery: (query: string) => void;
  descriptions: boolean;
  onDescriptions: (value: boolean) => void;
  sort: ElementSort;
  onSort: (sort: ElementSort) => void;
  unconfirmedCount: number;
  onConfirmAll: () => void;
}) {
  return (
    <Stack spacing={1} sx={{ px: 2, pt: 2 }}>
      <TextField size="small" label="Search by tag" value={props.query} onChange={(event) => props.onQuery(event.target.value)} />
      <FormControlLabel
        control={<Checkbox size="small" checked={props.descriptions} onChange={(event) => props.onDescriptions(event.target.checked)} />}
        label="Also search descriptions"
        slotProps={{ typography: { variant: 'body2' } }}
      />
      <TextField select size="small" label="Sort" value={props.sort} onChange={(event) => props.onSort(event.target.value as ElementSort)}>
        <MenuItem value="default">As detected</MenuItem>
        <MenuItem value="confidence">Least confident first</MenuItem>
      </TextField>
      <Button
        size="small"
        variant="outlined"
        disabled={props.unconfirmedCount === 0}
        onClick={props.onConfirmAll}
        sx={{ alignSelf: 'flex-start' }}
      >
        Confirm all visible
      </Button>
    </Stack>
  );
}

/** The lists shown: the selection and its connections, or the search's elements and the connections it reaches. */
function useShownItems(elements: DrawingElement[], connections: Connection[], selection: Selection) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ElementSort>('default');
  const [descriptions, setDescriptions] = useState(false);
  const options = useMemo(() => ({ descriptions }), [descriptions]);
  const found = useMemo(() => filterElements(elements, query, sort, options), [elements, query, sort, options]);
  const foundConnections = useMemo(
    () => filterConnections(connections, query, new Set(found.map((element) => element._id)), sort, options),
    [connections, query, found, sort, options],
  );
  const shownElements = selection?.kind === 'element' ? elements.filter((element) => element._id === selection.id) : selection ? [] : found;
  const shownConnections =
    selection?.kind === 'connection'
      ? connections.filter((connection) => connection._id === selection.id)
      : selection?.kind === 'element'
        ? connections.filter((connection) => [endId(connection.source), endId(connection.target)].includes(selection.id))
        : foundConnections;
  const search = { query, setQuery, sort, setSort, descriptions, setDescriptions };
  return { search, shownElements, shownConnections };
}

/** A heading with the count, then the rows, mounted a page at a time as the list scrolls (useProgressiveCount). */
function ItemList<T>({ title, pt, items, renderRow }: { title: string; pt: number; items: T[]; renderRow: (item: T) => ReactNode }) {
  const rows = useProgressiveCount(items.length);
  return (
    <>
      <Typography variant="subtitle2" sx={{ px: 2, pt }}>
        {title} ({items.length})
      </Typography>
      <List dense>
        {items.slice(0, rows.count).map((item) => renderRow(item))}
        {rows.count < items.length ? <li ref={rows.sentinel} aria-hidden /> : null}
      </List>
    </>
  );
}

export const ViewerSidebar = memo(function ViewerSidebar({
  selection,
  elements,
  connections,
  allElements = elements,
  continuations,
  actions,
}: ViewerSidebarProps) {
  const labels = useMemo(() => new Map(allElements.map((element) => [element._id, elementLabel(element)])), [allElements]);
  const titleOf = (connection: Connection) =>
    `${labels.get(endId(connection.source)) ?? elementLabel(undefined)} → ${labels.get(endId(connection.target)) ?? elementLabel(undefined)}`;
  const { search, shownElements, shownConnections } = useShownItems(elements, connections, selection);
  const [confirming, setConfirming] = useState(false);
  const unconfirmedElements = shownElements.filter((element) => !element.confirmed);
  const unconfirmedConnections = shownConnections.filter((connection) => !connection.confirmed);

  return (
    <Box sx={{ height: '100%', overflow: 'auto', overflowAnchor: 'auto' }} component="aside" aria-label="Elements and connections">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ p: 2 }}>
        {selection ? (
          <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => actions.onSelect(null)}>
            Back
          </Button>
        ) : null}
        <Typography variant="h6" component="h2">
          {selection ? 'Selection' : 'Elements & Connections'}
        </Typography>
      </Stack>
      <Divider />
      {selection ? null : (
        <SearchControls
          query={search.query}
          onQuery={search.setQuery}
          descriptions={search.descriptions}
          onDescriptions={search.setDescriptions}
          sort={search.sort}
          onSort={search.setSort}
          unconfirmedCount={unconfirmedElements.length + unconfirmedConnections.length}
          onConfirmAll={() => setConfirming(true)}
        />
      )}
      <ItemList
        title="Elements"
        pt={2}
        items={shownElements}
        renderRow={(element) => (
          <ElementRow
            key={`${element._id}-${element.name}-${element.description}-${element.elementType}`}
            element={element}
            continuation={continuations?.get(element._id)}
            selected={selection?.id === element._id}
            actions={actions}
          />
        )}
      />
      <ItemList
        title="Connections"
        pt={1}
        items={shownConnections}
        renderRow={(connection) => (
          <ConnectionRow
            key={connection._id}
            connection={connection}
            title={titleOf(connection)}
            selected={selection?.id === connection._id}
            actions={actions}
          />
        )}
      />
      {confirming ? (
        <ConfirmVisibleDialog
          elementCount={unconfirmedElements.length}
          connectionCount={unconfirmedConnections.length}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            actions.onConfirmAll(unconfirmedElements, unconfirmedConnections);
          }}
        />
      ) : null}
    </Box>
  );
});
