import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { activeStatus, jsonResponse, stubApi, stubSignedIn } from '../../../test/api-stub';
import { currentState, renderRoute } from '../../../test/render-route';
import { nameFromFile, validateFile } from '../upload/upload-rules';

function renderUpload(extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubSignedIn(
    { hasActiveSubscription: true },
    {
      'GET /api/payments/subscription-status': [200, activeStatus],
      'GET /api/drawings': [200, []],
      ...extra,
    },
  );
  return { ...renderRoute('/upload'), ...api };
}

const fileOf = (name: string, size = 10, type = 'application/octet-stream') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function pick(file: File) {
  const input = await screen.findByTestId('file-input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('upload rules (spec §5)', () => {
  it('checks type, size and drop format', () => {
    expect(validateFile(fileOf('a.png'))).toBeNull();
    expect(validateFile(fileOf('a.TIF'))).toBeNull();
    expect(validateFile(fileOf('a.gif'))).toBe('Only PDF, PNG, JPG, JPEG, and TIFF files are allowed');
    expect(validateFile(fileOf('a.pdf', 10_485_761))).toBe('File size should not exceed 10MB');
    expect(validateFile(fileOf('a.pdf', 10_485_760))).toBeNull();
    expect(validateFile(fileOf('a.png'), true)).toBe('Only PDF files are allowed currently');
    expect(validateFile(fileOf('a.pdf'), true)).toBeNull();
    expect(nameFromFile('plant.v2.pdf')).toBe('plant.v2');
  });
});

describe('upload page (spec §2)', () => {
  it('asks for a file first', async () => {
    renderUpload();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Drawing' }));
    expect(await screen.findByText('Please select a file to upload')).toBeInTheDocument();
  });

  it('rejects a wrong type from the picker and a non-PDF drop', async () => {
    renderUpload();
    await pick(fileOf('notes.txt'));
    expect(await screen.findByText('Only PDF, PNG, JPG, JPEG, and TIFF files are allowed')).toBeInTheDocument();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [fileOf('plant.png')] } });
    expect(await screen.findByText('Only PDF files are allowed currently')).toBeInTheDocument();
  });

  it('rejects a file over 10 MB', async () => {
    renderUpload();
    await pick(fileOf('big.pdf', 11_000_000));
    expect(await screen.findByText('File size should not exceed 10MB')).toBeInTheDocument();
  });

  it('prefills the name, requires it, and Remove clears the file', async () => {
    renderUpload();
    await pick(fileOf('plant-a.png'));
    const field = await screen.findByLabelText('Drawing Name');
    expect(field).toHaveValue('plant-a');
    await userEvent.clear(field);
    await userEvent.type(field, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Drawing' }));
    expect(await screen.findByText('Please provide a name for your drawing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByLabelText('Drawing Name')).not.toBeInTheDocument();
  });

  it('uploads, starts processing and goes to the dashboard with the notice', async () => {
    let releaseUpload: () => void = () => undefined;
    let releaseProcess: () => void = () => undefined;
    const { calls } = renderUpload({
      'POST /api/drawings': () =>
        new Promise<Response>((resolve) => {
          releaseUpload = () => resolve(jsonResponse(201, { _id: 'd9', name: 'plant-a', documentName: 'plant-a.png' }));
        }),
      'POST /api/drawings/d9/process': () =>
        new Promise<Response>((resolve) => {
          releaseProcess = () => resolve(jsonResponse(200, { ok: true }));
        }),
    });
    await pick(fileOf('plant-a.png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Drawing' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    releaseUpload();
    expect(await screen.findByRole('button', { name: 'Starting processing...' })).toBeDisabled();
    releaseProcess();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
    expect(currentState()).toEqual({ message: 'Drawing uploaded successfully. Processing started.' });
    expect(calls).toEqual(expect.arrayContaining(['POST /api/drawings', 'POST /api/drawings/d9/process']));
  });

  it('shows the server message, or the default, when the upload fails', async () => {
    renderUpload({ 'POST /api/drawings': [400, { msg: 'Bad file' }] });
    await pick(fileOf('plant-a.png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Drawing' }));
    expect(await screen.findByText('Bad file')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Drawing' })).toBeEnabled();
  });

  it('Cancel goes back to the dashboard', async () => {
    renderUpload();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard'));
  });
});
