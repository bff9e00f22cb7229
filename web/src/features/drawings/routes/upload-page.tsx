import { PlaceholderPage } from './placeholder-page';

export function UploadPage() {
  return <PlaceholderPage title="Upload Drawing" />;
}
