import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProductPrice } from '@pid/contracts';
import { formatIntervalSuffix, formatMinorUnits } from '../../../lib/format';

/**
 * "$100.00 /year": the price in en-US currency formatting and its interval suffix (spec §9). Billing
 * sends `unitAmount` in minor currency units, like Stripe's unit_amount (10000 is $100.00).
 */
export function PlanPrice({ price, size = 'large' }: { price: ProductPrice; size?: 'large' | 'medium' }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'center', gap: 0.5 }}>
      <Typography variant={size === 'large' ? 'h3' : 'h4'} component="span" color="primary" sx={{ fontWeight: 700 }}>
        {formatMinorUnits(price.unitAmount, price.currency)}
      </Typography>
      <Typography variant="h6" component="span" color="text.secondary">
        {formatIntervalSuffix(price.recurringInterval, price.recurringIntervalCount)}
      </Typography>
    </Box>
  );
}
