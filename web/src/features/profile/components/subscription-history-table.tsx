import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode } from 'react';
import { capitalize, formatDate, formatIntervalSuffix, formatMinorUnits } from '../../../lib/format';
import { renewalLabel, type SubscriptionRow } from '../subscription-history/subscription-rows';
import { SubscriptionStatusChip } from './subscription-status-chip';

const NONE = '—';

function amountText(row: SubscriptionRow): string {
  return row.amount === null ? NONE : `${formatMinorUnits(row.amount, row.currency)}${formatIntervalSuffix(row.interval)}`;
}

function paymentMethodText(row: SubscriptionRow): string {
  return row.paymentMethod ? `${capitalize(row.paymentMethod.brand)} •••• ${row.paymentMethod.last4}` : NONE;
}

function RenewalDate({ row }: { row: SubscriptionRow }) {
  const label = renewalLabel(row.renewal);
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(row.renewal) || NONE}
      </Box>
      {label && (
        <Typography
          variant="caption"
          component="span"
          sx={{ display: 'block', color: label === '(expired)' ? 'error.main' : 'text.secondary' }}
        >
          {label}
        </Typography>
      )}
    </>
  );
}

/**
 * Status, Plan, Amount, Start Date, Renewal Date, and Payment Method only when some row has one (spec
 * §2 Profile). Small screens get one block per subscription instead of a table too wide for them.
 */
export function SubscriptionHistoryTable({ rows }: { rows: SubscriptionRow[] }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const showPaymentMethod = rows.some((row) => row.paymentMethod);

  if (small) {
    return (
      <Stack
        component="ul"
        aria-label="Subscription History"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', p: 0, m: 0, border: 1, borderColor: 'divider', borderRadius: 2 }}
      >
        {rows.map((row) => {
          const facts: Array<[string, ReactNode]> = [
            ['Amount', amountText(row)],
            ['Start Date', formatDate(row.start) || NONE],
            ['Renewal Date', <RenewalDate key="renewal" row={row} />],
          ];
          if (showPaymentMethod) facts.push(['Payment Method', paymentMethodText(row)]);
          return (
            <Box component="li" key={row.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{row.planName}</Typography>
                <SubscriptionStatusChip status={row.status} />
              </Box>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
                {facts.map(([label, value]) => (
                  <Fragment key={label}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {value}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </Box>
          );
        })}
      </Stack>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table aria-label="Subscription History">
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>Plan</TableCell>
            <TableCell>Amount</TableCell>
            <TableCell>Start Date</TableCell>
            <TableCell>Renewal Date</TableCell>
            {showPaymentMethod && <TableCell>Payment Method</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <SubscriptionStatusChip status={row.status} />
              </TableCell>
              <TableCell>{row.planName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{amountText(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.start) || NONE}</TableCell>
              <TableCell>
                <RenewalDate row={row} />
              </TableCell>
              {showPaymentMethod && <TableCell sx={{ whiteSpace: 'nowrap' }}>{paymentMethodText(row)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
