import type { Connection, DrawingElement } from '@pid/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useState } from 'react';
import { endId } from '../api/connections';
import { ContinuationLink } from './continuation-link';
import type { Selection } from './drawing-canvas';
import { filterElements, type ElementSort } from './element-filter';
import type { Continuation } from './off-page-continuation';
import { useProgressiveCount } from './use-progressive-count';

/** Relationship choices the sidebar offers (spec §5 "Other"). */
export const SIDEBAR_RELATIONSHIP_TYPES = ['connects to', 'flows to', 'controls', 'monitors'] as const;

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
  /** Confirms every listed element that is still unconfirmed. */
  onConfirmAll: (elements: DrawingElement[]) => void;
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

/** Long tags and descriptions wrap instead of being cut off in the narrow sidebar. */
const ROW_TITLE_SX = { flexGrow: 1, cursor: 'pointer', minWidth: 0, overflowWrap: 'anywhere' } as const;
/** Rows off screen skip layout and paint: a drawing can list thousands. */
const ROW_SX = { flexDirection: 'column', alignItems: 'stretch', contentVisibility: 'auto', containIntrinsicSize: 'auto 72px' } as const;

function ConfirmedChip({ confirmed }: { confirmed: boolean }) {
  return <Chip size="small" label={confirmed ? 'Confirmed' : 'Unconfirmed'} color={confirmed ? 'success' : 'error'} variant="outlined" />;
}

export function elementLabel(element: DrawingElement | undefined): string {
  if (!element) return 'Unknown';
  return element.name || `${element.elementType} ${element._id.slice(-4)}`;
}

/** The confirm toggle (spec §2), the Confirmed/Unconfirmed chip, and edit and delete, under a row's name. */
function RowControls(props: { confirmed: boolean; label: string; onToggle: () => void; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <FormControlLabel
        control={<Switch size="small" checked={props.confirmed} onChange={props.onToggle} />}
        label="Confirmed"
        slotProps={{ typography: { variant: 'body2' } }}
        sx={{ flexGrow: 1, mr: 0 }}
      />
      <ConfirmedChip confirmed={props.confirmed} />
      <IconButton size="small" aria-label={`Edit ${props.label}`} onClick={props.onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Delete ${props.label}`} onClick={props.onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const ElementRow = memo(function ElementRow({
  element,
  continuation,
  selected,
  actions,
}: {
  element: DrawingElement;
  continuation: Continuation | undefined;
  selected: boolean;
  actions: ViewerSidebarActions;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(element.name);
  const [description, setDescription] = useState(element.description);
  return (
    <ListItem divider data-testid={`element-row-${element._id}`} sx={{ ...ROW_SX, bgcolor: selected ? 'action.selected' : undefined }}>
      <Typography sx={ROW_TITLE_SX} onClick={() => actions.onSelect({ kind: 'element', id: element._id })} title={element.elementType}>
        {elementLabel(element)}
      </Typography>
      <RowControls
        confirmed={element.confirmed}
        label={elementLabel(element)}
        onToggle={() => actions.onToggleElement(element)}
        onEdit={() => setEditing(!editing)}
        onDelete={() => actions.onDeleteElement(element)}
      />
      {continuation ? <ContinuationLink continuation={continuation} onFollow={actions.onFollowContinuation} /> : null}
      {editing ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField size="small" label="Name" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField size="small" label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button size="small" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={() => {
                actions.onSaveElement({ ...element, name, description });
                setEditing(false);
              }}
            >
              Save
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </ListItem>
  );
});

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
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ElementSort>('default');
  const shownElements =
    selection?.kind === 'element'
      ? elements.filter((element) => element._id === selection.id)
      : selection
        ? []
        : filterElements(elements, query, sort);
  const unconfirmedShown = shownElements.filter((element) => !element.confirmed);
  const shownConnections =
    selection?.kind === 'connection'
      ? connections.filter((connection) => connection._id === selection.id)
      : selection?.kind === 'element'
        ? connections.filter((connection) => [endId(connection.source), endId(connection.target)].includes(selection.id))
        : connections;
  const elementRows = useProgressiveCount(shownElements.length);
  const connectionRows = useProgressiveCount(shownConnections.length);

  return (
    <Box sx={{ height: '100%', overflow: 'auto' }} component="aside" aria-label="Elements and connections">
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
        <Stack spacing={1} sx={{ px: 2, pt: 2 }}>
          <TextField size="small" label="Search by tag" value={query} onChange={(event) => setQuery(event.target.value)} />
          <TextField select size="small" label="Sort" value={sort} onChange={(event) => setSort(event.target.value as ElementSort)}>
            <MenuItem value="default">As detected</MenuItem>
            <MenuItem value="confidence">Least confident first</MenuItem>
          </TextField>
          <Button
            size="small"
            variant="outlined"
            disabled={unconfirmedShown.length === 0}
            onClick={() => actions.onConfirmAll(unconfirmedShown)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Confirm all visible
          </Button>
        </Stack>
      )}
      <Typography variant="subtitle2" sx={{ px: 2, pt: 2 }}>
        Elements ({shownElements.length})
      </Typography>
      <List dense>
        {shownElements.slice(0, elementRows.count).map((element) => (
          <ElementRow
            key={`${element._id}-${element.name}-${element.description}`}
            element={element}
            continuation={continuations?.get(element._id)}
            selected={selection?.id === element._id}
            actions={actions}
          />
        ))}
        {elementRows.count < shownElements.length ? <li ref={elementRows.sentinel} aria-hidden /> : null}
      </List>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1 }}>
        Connections ({shownConnections.length})
      </Typography>
      <List dense>
        {shownConnections.slice(0, connectionRows.count).map((connection) => (
          <ConnectionRow
            key={connection._id}
            connection={connection}
            title={titleOf(connection)}
            selected={selection?.id === connection._id}
            actions={actions}
          />
        ))}
        {connectionRows.count < shownConnections.length ? <li ref={connectionRows.sentinel} aria-hidden /> : null}
      </List>
    </Box>
  );
});
