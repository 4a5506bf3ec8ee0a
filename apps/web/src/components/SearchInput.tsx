import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of the lists: magnifier icon, no browser autocomplete, value as a string. */
export function SearchInput({
  onValueChange,
  ...props
}: Omit<TextInputProps, 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextInput
      autoComplete="off"
      leftSection={<IconSearch size={16} />}
      {...props}
      onChange={(event) => onValueChange(event.currentTarget.value)}
    />
  );
}
