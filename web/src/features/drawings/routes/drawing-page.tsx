import { useParams } from 'react-router-dom';
import { PlaceholderPage } from './placeholder-page';

export function DrawingPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Drawing ${id ?? ''}`.trim()} />;
}
