import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatMoney } from '@prumo/shared/money';
import {
  CONDICOES_PAGAMENTO,
  PARCELAS_MAX,
  PARCELAS_MIN,
  type CondicaoPagamento,
} from '@prumo/shared/orcamentos';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { SelectField, SwitchField } from '../../../components/form/fields';
import { PlanoParcelas } from '../../../components/form/PlanoParcelas';
import { DateInputBR } from '../../../components/inputs/DateInputBR';
import { gerarParcelas, totaisDoForm, type OrcamentoFormValues } from '../form-values';

const FORMAS = FORMAS_PAGAMENTO.map(({ value, label }) => ({ value, label }));

/**
 * "Parcelado": the number of installments, the first due date and the interval generate the
 * table (changing any of them generates it again); each due date and value can then be edited,
 * and the difference to the total is shown until they add up.
 */
function Parcelas({ total }: { total: number }) {
  const { setValue, getValues } = useFormContext<OrcamentoFormValues>();
  const [n, primeiro, intervalo, parcelas, data] = useWatch<
    OrcamentoFormValues,
    ['num_parcelas', 'primeiro_vencimento', 'intervalo_dias', 'parcelas', 'data']
  >({ name: ['num_parcelas', 'primeiro_vencimento', 'intervalo_dias', 'parcelas', 'data'] });

  function gerar(mudou: Partial<OrcamentoFormValues>) {
    const v = { ...getValues(), ...mudou };
    for (const [campo, valor] of Object.entries(mudou)) {
      setValue(campo as 'num_parcelas', valor as number | null, { shouldDirty: true });
    }
    setValue(
      'parcelas',
      gerarParcelas(total, v.num_parcelas, v.primeiro_vencimento, v.intervalo_dias),
      {
        shouldDirty: true,
      },
    );
  }

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Número de parcelas"
          withAsterisk
          min={PARCELAS_MIN}
          max={PARCELAS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={n ?? ''}
          onChange={(next) => gerar({ num_parcelas: next === '' ? null : Number(next) })}
          data-testid="num-parcelas"
        />
        <DateInputBR
          label="Primeiro vencimento"
          withAsterisk
          minDate={data ?? undefined}
          value={primeiro}
          onChange={(next) =>
            gerar({ primeiro_vencimento: next ? String(next).slice(0, 10) : null })
          }
        />
        <NumberInput
          label="Intervalo (dias)"
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={intervalo ?? ''}
          onChange={(next) => gerar({ intervalo_dias: next === '' ? null : Number(next) })}
        />
      </SimpleGrid>
      {parcelas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Informe de {PARCELAS_MIN} a {PARCELAS_MAX} parcelas e o primeiro vencimento para gerar a
          tabela.
        </Text>
      ) : (
        <PlanoParcelas
          total={total}
          naoConfere="A soma das parcelas não confere com o total do orçamento."
          onRedividir={() => gerar({})}
          minDate={data ?? undefined}
        />
      )}
    </Stack>
  );
}

/**
 * The Pagamento tab: "gerar condições de pagamento" and, when on, the payment method and the
 * condition, À vista or Parcelado (with its installments).
 */
export function PagamentoTab() {
  const { setValue, getValues } = useFormContext<OrcamentoFormValues>();
  const [gerar, condicao, produtos, servicos, frete] = useWatch<
    OrcamentoFormValues,
    ['gerar_condicoes', 'condicao_pagamento', 'produtos', 'servicos', 'frete']
  >({ name: ['gerar_condicoes', 'condicao_pagamento', 'produtos', 'servicos', 'frete'] });
  const total = totaisDoForm({ produtos, servicos, frete }).valor_total;

  function mudarCondicao(nova: CondicaoPagamento) {
    setValue('condicao_pagamento', nova, { shouldDirty: true });
    const v = getValues();
    // Parcelado opens with its table generated from the inputs' defaults.
    if (nova === 'parcelado' && v.parcelas.length === 0) {
      setValue(
        'parcelas',
        gerarParcelas(total, v.num_parcelas, v.primeiro_vencimento, v.intervalo_dias),
        { shouldDirty: true },
      );
    }
  }

  return (
    <Stack gap="md">
      <SwitchField name="gerar_condicoes" label="Gerar condições de pagamento" />
      {gerar ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              name="forma_pagamento"
              label="Forma de pagamento"
              options={FORMAS}
              required
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Condição{' '}
                <Text span c="red">
                  *
                </Text>
              </Text>
              <SegmentedControl
                aria-label="Condição de pagamento"
                data={CONDICOES_PAGAMENTO.map(({ value, label }) => ({ value, label }))}
                value={condicao}
                onChange={(value) => mudarCondicao(value as CondicaoPagamento)}
                data-testid="condicao-pagamento"
              />
            </Stack>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Total do orçamento: <b>{formatMoney(total)}</b>
          </Text>
          {condicao === 'parcelado' && <Parcelas total={total} />}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Sem condições de pagamento: o orçamento não informa forma nem prazo de pagamento.
        </Text>
      )}
    </Stack>
  );
}
