import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePaths } from '../../../config/route-paths';
import { serverMessage } from '../../../lib/api-client';
import { processDrawing } from '../api/drawing-mutations';
import { drawingKeys } from '../api/query-keys';
import { uploadDrawing } from '../api/upload-drawing';
import { formatFileSize, nameFromFile, UPLOAD_ACCEPT, UPLOAD_MESSAGES, validateFile, validateSubmission } from '../upload/upload-rules';

type Phase = 'idle' | 'uploading' | 'processing';

const SUBMIT_LABELS: Record<Phase, string> = {
  idle: 'Upload Drawing',
  uploading: 'Uploading...',
  processing: 'Starting processing...',
};

export function UploadPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (candidate: File | undefined, dropped: boolean) => {
    if (!candidate) return;
    const problem = validateFile(candidate, dropped);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFile(candidate);
    setName(nameFromFile(candidate.name));
  };

  const remove = () => {
    setFile(null);
    setName('');
    setError(null);
    setProgress(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0], true);
  };

  const submit = async () => {
    const problem = validateSubmission(file, name);
    if (problem || !file) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase('uploading');
    try {
      const drawing = await uploadDrawing({ file, name: name.trim(), onProgress: setProgress });
      setPhase('processing');
      let message: string = UPLOAD_MESSAGES.processingStarted;
      try {
        await processDrawing(drawing._id);
      } catch (processError) {
        console.error('Processing did not start', processError);
        message = 'Drawing uploaded successfully, but processing could not be started.';
      }
      await queryClient.invalidateQueries({ queryKey: drawingKeys.all });
      navigate(routePaths.dashboard, { state: { message } });
    } catch (uploadError) {
      setPhase('idle');
      setError(serverMessage(uploadError) ?? UPLOAD_MESSAGES.failed);
    }
  };

  const busy = phase !== 'idle';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Upload Drawing
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Upload a P&amp;ID as PDF, PNG, JPG, JPEG or TIFF (up to 10 MB). Processing starts automatically.
      </Typography>

      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}

      <input
        ref={inputRef}
        type="file"
        hidden
        data-testid="file-input"
        accept={UPLOAD_ACCEPT}
        onChange={(event) => choose(event.target.files?.[0], false)}
      />

      {!file ? (
        <Paper
          variant="outlined"
          data-testid="drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onClick={() => inputRef.current?.click()}
          sx={{
            p: 6,
            textAlign: 'center',
            cursor: 'pointer',
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.paper',
          }}
        >
          <CloudUploadIcon color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h6">Drag and drop your drawing here</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            or
          </Typography>
          <Button variant="outlined" onClick={(event) => (event.stopPropagation(), inputRef.current?.click())}>
            Browse Files
          </Button>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 3 }}>
            <InsertDriveFileIcon color="primary" />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography noWrap>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatFileSize(file.size)}
              </Typography>
            </Box>
            <Button color="error" onClick={remove} disabled={busy}>
              Remove
            </Button>
          </Stack>
          <TextField fullWidth label="Drawing Name" value={name} onChange={(event) => setName(event.target.value)} disabled={busy} />
          {phase === 'uploading' && progress !== null ? (
            <Box sx={{ mt: 2 }}>
              <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
              <Typography variant="caption">{progress}%</Typography>
            </Box>
          ) : null}
        </Paper>
      )}

      <Stack direction="row" spacing={2} justifyContent="flex-end" sx={{ mt: 3 }}>
        <Button onClick={() => navigate(routePaths.dashboard)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {SUBMIT_LABELS[phase]}
        </Button>
      </Stack>
    </Container>
  );
}
