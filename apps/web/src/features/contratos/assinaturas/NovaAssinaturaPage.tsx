import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  agendaDaAssinatura,
  assinaturaInputSchema,
  inicioDaCobranca,
  periodosDevidos,
  type AssinaturaInput,
  type Plano,
} from '@prumo/shared/contratos';
import { addDaysISO, formatDate, todayISO } from '@prumo/shared/dates';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { useAssinar, usePlanosAtivos } from '../../../api/assinaturas';
import type { CadastroEscolhido } from '../../../components/CadastroSelect';
import { CadastroField } from '../../../components/form/CadastroField';
import {
  DateField,
  IntegerField,
  SelectField,
  TextAreaField,
} from '../../../components/form/fields';
import { FormSection } from '../../../components/form/FormSection';
import { SaveButton } from '../../../components/form/SaveButton';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors, errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { useChavePorCorpo } from '../../../lib/idempotency';
import { ASSINATURA_TEXTOS as T, ASSINATURAS_PATH, assinaturaPath, precoPorCiclo } from './textos';

interface Values {
  cliente: CadastroEscolhido | null;
  plano_id: number | null;
  inicio: string | null;
  forma_pagamento: AssinaturaInput['forma_pagamento'];
  dias_vencimento: number | null;
  observacoes: string;
}

const paraInput = (v: Values): AssinaturaInput => ({
  cliente_id: v.cliente?.id as number,
  plano_id: v.plano_id as number,
  inicio: v.inicio ?? '',
  forma_pagamento: v.forma_pagamento,
  dias_vencimento: v.dias_vencimento ?? 0,
  observacoes: v.observacoes || null,
});

const resolver = resolverDeErros<Values>((values) =>
  errosDoSchema(assinaturaInputSchema, paraInput(values), { cliente_id: 'cliente' }),
);

/** The trial's end and the first renewal of the plan chosen from the start day, live. */
function Calendario({ planos }: { planos: Plano[] }) {
  const [planoId, inicio] = useWatch<Values, ['plano_id', 'inicio']>({
    name: ['plano_id', 'inicio'],
  });
  const plano = planos.find((p) => p.id === planoId);
  if (!plano || !inicio) return null;
  const cobranca = inicioDaCobranca(inicio, plano.dias_teste);
  const devidos = periodosDevidos(
    agendaDaAssinatura({ inicio_cobranca: cobranca, ciclo: plano.ciclo }),
    todayISO(),
  ).length;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="assinatura-calendario">
      <IconCalendarDue size={18} style={{ flexShrink: 0, marginTop: 2 }} />
      <div>
        <Text size="sm" fw={600}>
          {plano.dias_teste > 0
            ? `Teste até ${formatDate(addDaysISO(cobranca, -1))}; primeira renovação em ${formatDate(cobranca)}`
            : `Primeira renovação em ${formatDate(cobranca)}`}
        </Text>
        <Text size="xs" c="dimmed">
          {precoPorCiclo(plano.preco, plano.ciclo)}
          {devidos > 0 &&
            ` · ${devidos === 1 ? '1 período já devido será faturado' : `${devidos} períodos já devidos serão faturados`} ao salvar`}
        </Text>
      </div>
    </Group>
  );
}

/** /contratos/assinaturas/nova: a customer on a plan from a day, its trial shown. */
export default function NovaAssinaturaPage() {
  const navigate = useNavigate();
  const assinar = useAssinar();
  const chaveDe = useChavePorCorpo();
  const planos = usePlanosAtivos();
  const methods = useForm<Values>({
    defaultValues: {
      cliente: null,
      plano_id: null,
      inicio: todayISO(),
      forma_pagamento: 'boleto',
      dias_vencimento: 5,
      observacoes: '',
    },
    resolver,
  });

  async function gravar(values: Values) {
    const dados = paraInput(values);
    try {
      const criada = await assinar.mutateAsync({ dados, idempotencyKey: chaveDe(dados) });
      notifySuccess(T.criada);
      void navigate(assinaturaPath(criada.id));
    } catch (error) {
      applyServerFieldErrors(error, methods.setError, { cliente_id: 'cliente' });
      notifyError(errorText(T.erroSalvar, error));
    }
  }

  const opcoes = (planos.data ?? []).map((p) => ({
    value: p.id,
    label: `${p.nome} — ${precoPorCiclo(p.preco, p.ciclo)}${p.dias_teste > 0 ? ` · ${p.dias_teste} dias de teste` : ''}`,
  }));

  return (
    <FormProvider {...methods}>
      <PageHeader
        title={T.nova}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: T.titulo, to: ASSINATURAS_PATH },
          { label: T.nova },
        ]}
      />
      <form
        noValidate
        onSubmit={(event) => void methods.handleSubmit(gravar)(event)}
        aria-label={T.nova}
        data-testid="assinatura-form"
      >
        <Stack gap="md">
          {planos.data && planos.data.length === 0 && (
            <Alert color="yellow" variant="light">
              {T.semPlanos}: {T.semPlanosDica}
            </Alert>
          )}
          <FormSection title="Assinatura">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CadastroField
                name="cliente"
                tipo="cliente"
                label="Cliente"
                placeholder="Pesquise o cliente pelo nome"
                nothingFound="Cliente não encontrado"
                required
              />
              <SelectField name="plano_id" label="Plano" options={opcoes} searchable required />
              <DateField name="inicio" label="Início" required livre />
              <SelectField
                name="forma_pagamento"
                label="Forma de pagamento"
                options={FORMAS_PAGAMENTO}
                allowDeselect={false}
                required
              />
              <IntegerField
                name="dias_vencimento"
                label="Vencimento (dias após a renovação)"
                min={0}
                max={90}
              />
            </SimpleGrid>
            <Calendario planos={planos.data ?? []} />
            <TextAreaField name="observacoes" label="Observações" autosize minRows={2} />
          </FormSection>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={ASSINATURAS_PATH}>
              Cancelar
            </Button>
            <SaveButton saving={assinar.isPending}>{T.salvar}</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
