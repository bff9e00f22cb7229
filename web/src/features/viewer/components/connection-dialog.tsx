import type { Connection, DrawingElement, RelationshipType } from '@pid/contracts';
import { DEFAULT_RELATIONSHIP_TYPE } from '@pid/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { endId, type NewConnection } from '../api/connections';

/** Relationship choices of the connection dialog (spec §5 "Other"). */
const DIALOG_RELATIONSHIP_TYPES = ['connects to', 'controls', 'powers', 'senses', 'custom'] as const satisfies readonly RelationshipType[];

export interface ConnectionDialogProps {
  connection: Connection;
  elements: DrawingElement[];
  onClose: () => void;
  onSave: (changes: Partial<NewConnection>) => void;
  onDelete: () => void;
  onToggleConfirmed: () => void;
}

export function ConnectionDialog({ connection, elements, onClose, onSave, onDelete, onToggleConfirmed }: ConnectionDialogProps) {
  const [name, setName] = useState(connection.name ?? '');
  const [description, setDescription] = useState(connection.description ?? '');
  const [relationshipType, setRelationshipType] = useState<string>(connection.relationshipType ?? DEFAULT_RELATIONSHIP_TYPE);
  const [customType, setCustomType] = useState(connection.customRelationshipType ?? '');
  const [source, setSource] = useState(endId(connection.source) ?? '');
  const [target, setTarget] = useState(endId(connection.target) ?? '');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Edit Connection</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
          />
          <TextField
            select
            label="Relationship Type"
            value={relationshipType}
            onChange={(event) => setRelationshipType(event.target.value)}
          >
            {DIALOG_RELATIONSHIP_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
          {relationshipType === 'custom' ? (
            <TextField label="Custom Relationship Type" value={customType} onChange={(event) => setCustomType(event.target.value)} />
          ) : null}
          <EndSelect label="Source" elements={elements} value={source} onChange={setSource} />
          <EndSelect label="Target" elements={elements} value={target} onChange={setTarget} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDelete}>
          Delete
        </Button>
        <Button onClick={onToggleConfirmed}>{connection.confirmed ? 'Mark Unconfirmed' : 'Mark Confirmed'}</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!source || !target}
          onClick={() =>
            onSave({
              name,
              description,
              relationshipType: relationshipType as NewConnection['relationshipType'],
              customRelationshipType: relationshipType === 'custom' ? customType : undefined,
              source,
              target,
            })
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One end of the connection: a choice among the drawing's elements, by name or by type and short id. */
function EndSelect({
  label,
  elements,
  value,
  onChange,
}: {
  label: string;
  elements: DrawingElement[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {elements.map((element) => (
        <MenuItem key={element._id} value={element._id}>
          {element.name || `${element.elementType} ${element._id.slice(-4)}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
