import TextField from '@mui/material/TextField';

/** What tells the account forms' fields apart (spec §5): the rest is the same for all of them. */
export interface AccountFieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
}

export const EMAIL_FIELD: AccountFieldSpec = { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' };

/** A required, full-width field of the login, registration and password forms. */
export function AccountField({
  field,
  value,
  onValue,
  autoFocus = false,
}: {
  field: AccountFieldSpec;
  value: string;
  onValue: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={field.label}
      name={field.name}
      type={field.type}
      autoComplete={field.autoComplete}
      required
      fullWidth
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
