import { ActionIcon, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { formatMoney } from '@prumo/shared/money';
import {
  FORMAS_PAGAMENTO_BALCAO,
  PAGAMENTOS_VENDA_MAX,
  type FormaPagamento,
  valorEmPix,
} from '@prumo/shared/vendas';
import { MoneyInput } from '../../../components/inputs/DecimalInput';
import { PixQrCode } from '../../../components/PixQrCode';
import type { LinhaPagamento, ResumoPagamentos } from '../pdv';

const FORMAS = FORMAS_PAGAMENTO_BALCAO.map(({ value, label }) => ({ value, label }));

/**
 * The counter's payments: a method (a native select: its first letter picks it) and what it
 * pays; blank pays the rest. Cash asks for the amount received and shows the troco. "Outra
 * forma" splits the payment between methods. What is paid by PIX shows its QR code.
 */
export function PagamentosPdv({
  linhas,
  onChange,
  resumo,
  formaRef,
  valorRef,
}: {
  linhas: LinhaPagamento[];
  onChange: (linhas: LinhaPagamento[]) => void;
  resumo: ResumoPagamentos;
  formaRef: RefObject<HTMLSelectElement | null>;
  valorRef: RefObject<HTMLInputElement | null>;
}) {
  const alterar = (index: number, mudanca: Partial<LinhaPagamento>) =>
    onChange(linhas.map((linha, i) => (i === index ? { ...linha, ...mudanca } : linha)));
  return (
    <Stack gap="xs">
      {linhas.map((linha, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            ref={index === 0 ? formaRef : undefined}
            label={index === 0 ? 'Pagamento' : undefined}
            aria-label={`Forma de pagamento ${index + 1}`}
            data={FORMAS}
            value={linha.forma}
            flex={1}
            data-testid={`pdv-forma-${index}`}
            onChange={(event) =>
              alterar(index, { forma: event.currentTarget.value as FormaPagamento })
            }
          />
          <MoneyInput
            ref={index === 0 ? valorRef : undefined}
            label={
              index === 0 ? (linha.forma === 'dinheiro' ? 'Valor recebido' : 'Valor') : undefined
            }
            aria-label={linha.forma === 'dinheiro' ? 'Valor recebido' : `Valor ${index + 1}`}
            placeholder={
              index === linhas.length - 1 && resumo.falta > 0
                ? formatMoney(resumo.falta)
                : 'Restante'
            }
            w={140}
            value={linha.valor}
            data-testid={`pdv-valor-${index}`}
            onValueChange={(valor) => alterar(index, { valor })}
          />
          {linhas.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remover pagamento ${index + 1}`}
              onClick={() => onChange(linhas.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={linhas.length >= PAGAMENTOS_VENDA_MAX}
          onClick={() => onChange([...linhas, { forma: 'pix', valor: null }])}
        >
          Outra forma
        </Button>
        {resumo.troco > 0 && (
          <Text fw={700} c="teal.8" data-testid="pdv-troco">
            Troco: {formatMoney(resumo.troco)}
          </Text>
        )}
        {resumo.falta > 0 && (
          <Text fw={600} c="red.7" size="sm" data-testid="pdv-falta">
            Falta: {formatMoney(resumo.falta)}
          </Text>
        )}
      </Group>
      <PixQrCode valor={valorEmPix(resumo.pago, resumo.forma_pagamento, resumo.pagamentos)} />
    </Stack>
  );
}
