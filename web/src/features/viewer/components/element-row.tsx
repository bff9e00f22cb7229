import type { DrawingElement, ElementType } from '@pid/contracts';
import { elementDisplayName, ELEMENT_TYPES } from '@pid/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { ContinuationLink } from './continuation-link';
import type { Continuation } from './off-page-continuation';
import type { ViewerSidebarActions } from './viewer-sidebar';

/** Long tags and descriptions wrap instead of being cut off in the narrow sidebar. */
export const ROW_TITLE_SX = { flexGrow: 1, cursor: 'pointer', minWidth: 0, overflowWrap: 'anywhere' } as const;
/**
 * Rows are mounted a page at a time (useProgressiveCount). They are not skipped with
 * `content-visibility`: its estimated heights for rows never shown made the list jump after a delete.
 */
export const ROW_SX = { flexDirection: 'column', alignItems: 'stretch' } as const;

/** Readable names of the element taxonomy (`@pid/contracts` ELEMENT_TYPES). */
export const ELEMENT_TYPE_LABELS: Record<ElementType, string> = {
  equipment: 'Equipment',
  valve: 'Valve',
  instrument: 'Instrument',
  fitting: 'Fitting',
  pipe: 'Pipe',
  text: 'Text',
  off_page_connector: 'Off-page connector',
  node: 'Node',
};

export function elementLabel(element: DrawingElement | undefined): string {
  return element ? elementDisplayName(element) : 'Unknown';
}

function ConfirmedChip({ confirmed }: { confirmed: boolean }) {
  return <Chip size="small" label={confirmed ? 'Confirmed' : 'Unconfirmed'} color={confirmed ? 'success' : 'error'} variant="outlined" />;
}

/** The element type picker of the edit form and the selection panel. */
export function ElementTypeField(props: { value: ElementType; onChange: (type: ElementType) => void; variant?: 'standard' | 'outlined' }) {
  return (
    <TextField
      select
      size="small"
      variant={props.variant ?? 'outlined'}
      label="Type"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as ElementType)}
      fullWidth
    >
      {ELEMENT_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {ELEMENT_TYPE_LABELS[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The confirm toggle (spec §2), the Confirmed/Unconfirmed chip, and edit and delete, under a row's name. */
export function RowControls(props: { confirmed: boolean; label: string; onToggle: () => void; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack direction="row" alignItems="center" spacing={0.5}>
      <Switch
        size="small"
        checked={props.confirmed}
        onChange={props.onToggle}
        slotProps={{ input: { 'aria-label': `Confirm ${props.label}` } }}
      />
      <ConfirmedChip confirmed={props.confirmed} />
      <span style={{ flexGrow: 1 }} />
      <IconButton size="small" aria-label={`Edit ${props.label}`} onClick={props.onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Delete ${props.label}`} onClick={props.onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

function ElementForm({
  element,
  onDone,
  onSave,
}: {
  element: DrawingElement;
  onDone: () => void;
  onSave: (element: DrawingElement) => void;
}) {
  const [name, setName] = useState(element.name);
  const [description, setDescription] = useState(element.description);
  const [elementType, setElementType] = useState<ElementType>(element.elementType);
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <TextField size="small" label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <ElementTypeField value={elementType} onChange={setElementType} />
      <TextField size="small" label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button size="small" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => {
            onSave({ ...element, name, description, elementType });
            onDone();
          }}
        >
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

export const ElementRow = memo(function ElementRow({
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
      {selected && !editing ? (
        <ElementTypeField
          variant="standard"
          value={element.elementType}
          onChange={(elementType) => actions.onSaveElement({ ...element, elementType })}
        />
      ) : null}
      {continuation ? <ContinuationLink continuation={continuation} onFollow={actions.onFollowContinuation} /> : null}
      {editing ? <ElementForm element={element} onDone={() => setEditing(false)} onSave={actions.onSaveElement} /> : null}
    </ListItem>
  );
});
