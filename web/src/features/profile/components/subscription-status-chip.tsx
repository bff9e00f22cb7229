import Chip, { type ChipProps } from '@mui/material/Chip';
import { capitalize } from '../../../lib/format';

/** Spec §4: active green, trialing info, any other status capitalised as a warning, none "Inactive". */
export function subscriptionStatusChip(status: string | null | undefined): { label: string; color: ChipProps['color'] } {
  if (!status) return { label: 'Inactive', color: 'default' };
  if (status === 'active') return { label: 'Active', color: 'success' };
  if (status === 'trialing') return { label: 'Trialing', color: 'info' };
  return { label: capitalize(status), color: 'warning' };
}

export function SubscriptionStatusChip({ status }: { status: string | null | undefined }) {
  const { label, color } = subscriptionStatusChip(status);
  return <Chip label={label} color={color} size="small" sx={{ fontWeight: 600 }} />;
}
