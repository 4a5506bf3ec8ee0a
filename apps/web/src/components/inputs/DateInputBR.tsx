import { DateInput, type DateInputProps } from '@mantine/dates';
import { forwardRef } from 'react';
import { parseDateBR } from '@prumo/shared/dates';

/**
 * A day the Brazilian way: shown and typed as dd/mm/aaaa (or picked in the calendar), its value
 * "aaaa-mm-dd". Every date field of the app is one of these.
 */
export const DateInputBR = forwardRef<HTMLInputElement, DateInputProps>(
  function DateInputBR(props, ref) {
    return (
      <DateInput
        valueFormat="DD/MM/YYYY"
        placeholder="dd/mm/aaaa"
        dateParser={(text) => parseDateBR(text)}
        {...props}
        ref={ref}
      />
    );
  },
);
