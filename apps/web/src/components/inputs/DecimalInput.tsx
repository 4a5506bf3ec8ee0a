import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Number input the Brazilian way: decimal comma, dot for thousands. `onValueChange` gives a
 * number, or null when the field is empty.
 */
export type DecimalInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange'> & {
  value: number | null | undefined;
  onValueChange: (value: number | null) => void;
};

export function DecimalInput({
  value,
  onValueChange,
  decimalScale = 2,
  ...props
}: DecimalInputProps) {
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={decimalScale}
      allowNegative={false}
      hideControls
      {...props}
      value={value ?? ''}
      onChange={(next) => onValueChange(next === '' || next === undefined ? null : Number(next))}
    />
  );
}

/** Money in reais: "R$ 1.234,56". */
export function MoneyInput(props: DecimalInputProps) {
  return <DecimalInput prefix="R$ " fixedDecimalScale decimalScale={2} {...props} />;
}

/** A percentage with two decimals, 0–100 by default: "12,50 %". */
export function PercentInput(props: DecimalInputProps) {
  return (
    <DecimalInput
      suffix=" %"
      decimalScale={2}
      min={0}
      max={100}
      clampBehavior="strict"
      {...props}
    />
  );
}
