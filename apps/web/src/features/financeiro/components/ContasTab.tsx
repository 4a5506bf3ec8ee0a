import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCash,
  IconDots,
  IconFileText,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { todayISO } from '@prumo/shared/dates';
import {
  contaInputSchema,
  FINANCEIRO_MESSAGES,
  TIPOS_CONTA,
  tipoContaLabel,
  transferenciaInputSchema,
  type Conta,
  type ContaInput,
  type TipoConta,
  type TransferenciaInput,
} from '@prumo/shared/financeiro';
import { formatMoney, sumMoney } from '@prumo/shared/money';
import { useContas, useExcluirConta, useSalvarConta, useTransferir } from '../../../api/financeiro';
import { EmptyState } from '../../../components/EmptyState';
import {
  DateField,
  MoneyField,
  SelectField,
  SwitchField,
  TextField,
} from '../../../components/form/fields';
import { FormModal, ModalFormActions } from '../../../components/form/FormModal';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { useConfirmDelete } from '../../../components/list/use-confirm-delete';
import { newIdempotencyKey } from '../../../lib/api-client';
import { errosDoSchema, resolverDeErros } from '../../../lib/form-errors';
import { Dinheiro } from './Dinheiro';
import { ExtratoModal } from './ExtratoModal';

interface ContaFormValues {
  nome: string;
  tipo: TipoConta;
  banco: string;
  agencia: string;
  conta: string;
  saldo_inicial: number | null;
  data_saldo_inicial: string | null;
  ativo: boolean;
}

const contaValues = (c: Conta | null): ContaFormValues => ({
  nome: c?.nome ?? '',
  tipo: c?.tipo ?? 'corrente',
  banco: c?.banco ?? '',
  agencia: c?.agencia ?? '',
  conta: c?.conta ?? '',
  saldo_inicial: c?.saldo_inicial ?? 0,
  data_saldo_inicial: c?.data_saldo_inicial ?? todayISO(),
  ativo: c?.ativo ?? true,
});

const contaParaInput = (v: ContaFormValues): ContaInput => ({
  ...v,
  banco: v.banco.trim() || null,
  agencia: v.agencia.trim() || null,
  conta: v.conta.trim() || null,
  saldo_inicial: v.saldo_inicial ?? 0,
});

const contaResolver = resolverDeErros<ContaFormValues>((v) =>
  errosDoSchema(contaInputSchema, contaParaInput(v)),
);

function ContaForm({ conta, onClose }: { conta: Conta | null; onClose: () => void }) {
  const salvar = useSalvarConta();
  const methods = useForm<ContaFormValues>({
    defaultValues: contaValues(conta),
    resolver: contaResolver,
  });
  const gravar = async (values: ContaFormValues) => {
    const ok = await saveWithFeedback(
      () => salvar.mutateAsync({ id: conta?.id, dados: contaParaInput(values) }),
      { success: FINANCEIRO_MESSAGES.contaSalva, failure: FINANCEIRO_MESSAGES.erroSalvar },
      methods.setError,
    );
    if (ok) onClose();
  };
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={(event) => void methods.handleSubmit(gravar)(event)}>
        <Stack gap="sm">
          <TextField name="nome" label="Nome" required maxLength={100} data-autofocus />
          <SelectField
            name="tipo"
            label="Tipo"
            required
            options={TIPOS_CONTA.map(({ value, label }) => ({ value, label }))}
          />
          <TextField name="banco" label="Banco" maxLength={100} />
          <SimpleGrid cols={2}>
            <TextField name="agencia" label="Agência" maxLength={20} />
            <TextField name="conta" label="Conta" maxLength={30} />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <MoneyField name="saldo_inicial" label="Saldo inicial" allowNegative />
            <DateField name="data_saldo_inicial" label="Saldo em" />
          </SimpleGrid>
          {conta && <SwitchField name="ativo" label="Conta ativa" />}
          <ModalFormActions onCancel={onClose} saving={salvar.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

interface TransferenciaFormValues {
  origem_id: number | null;
  destino_id: number | null;
  data: string | null;
  valor: number | null;
  descricao: string;
}

const transferenciaParaInput = (v: TransferenciaFormValues): TransferenciaInput => ({
  origem_id: v.origem_id as number,
  destino_id: v.destino_id as number,
  data: v.data,
  valor: v.valor as number,
  descricao: v.descricao.trim() || null,
});

const transferenciaResolver = resolverDeErros<TransferenciaFormValues>((v) =>
  errosDoSchema(transferenciaInputSchema, transferenciaParaInput(v)),
);

function TransferenciaForm({ contas, onClose }: { contas: Conta[]; onClose: () => void }) {
  const transferir = useTransferir();
  const idempotencyKey = useRef(newIdempotencyKey());
  const methods = useForm<TransferenciaFormValues>({
    defaultValues: {
      origem_id: null,
      destino_id: null,
      data: todayISO(),
      valor: null,
      descricao: '',
    },
    resolver: transferenciaResolver,
  });
  const opcoes = contas
    .filter((c) => c.ativo)
    .map((c) => ({ value: c.id, label: `${c.nome} (${formatMoney(c.saldo)})` }));
  const gravar = async (values: TransferenciaFormValues) => {
    const ok = await saveWithFeedback(
      () =>
        transferir.mutateAsync({
          dados: transferenciaParaInput(values),
          idempotencyKey: idempotencyKey.current,
        }),
      { success: FINANCEIRO_MESSAGES.transferenciaFeita, failure: FINANCEIRO_MESSAGES.erroSalvar },
      methods.setError,
    );
    if (ok) onClose();
  };
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={(event) => void methods.handleSubmit(gravar)(event)}>
        <Stack gap="sm">
          <SelectField name="origem_id" label="De" required options={opcoes} />
          <SelectField name="destino_id" label="Para" required options={opcoes} />
          <SimpleGrid cols={2}>
            <MoneyField name="valor" label="Valor" required />
            <DateField name="data" label="Data" />
          </SimpleGrid>
          <TextField name="descricao" label="Descrição" maxLength={200} />
          <ModalFormActions onCancel={onClose} saving={transferir.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/**
 * Contas Bancárias: the accounts with their balances (computed by the server from their
 * movements), new/edit, the statement of each, and Transferir entre contas.
 */
export function ContasTab() {
  const contas = useContas();
  const lista = contas.data ?? [];
  const [editando, setEditando] = useState<Conta | null | undefined>(undefined);
  const [transferindo, setTransferindo] = useState(false);
  const [extrato, setExtrato] = useState<Conta | null>(null);
  const excluir = useConfirmDelete(useExcluirConta().mutateAsync, {
    confirm: (c: Conta) => `Excluir a conta "${c.nome}"?`,
    success: 'Conta excluída.',
    error: 'Erro ao excluir conta',
  });
  const totalAtivas = sumMoney(...lista.filter((c) => c.ativo).map((c) => c.saldo));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Saldo das contas ativas
          </Text>
          <Dinheiro valor={totalAtivas} fw={700} size="xl" data-testid="contas-total" />
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={() => setTransferindo(true)}
            disabled={lista.filter((c) => c.ativo).length < 2}
          >
            {FINANCEIRO_MESSAGES.transferir}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando(null)}>
            {FINANCEIRO_MESSAGES.novaConta}
          </Button>
        </Group>
      </Group>

      {contas.isSuccess && lista.length === 0 ? (
        <EmptyState title="Nenhuma conta cadastrada" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="contas-lista">
          {lista.map((conta) => (
            <Card
              key={conta.id}
              withBorder
              radius="md"
              data-testid="conta-card"
              data-conta-nome={conta.nome}
              style={conta.ativo ? undefined : { opacity: 0.6 }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    {conta.tipo === 'caixa' ? (
                      <IconCash size={20} />
                    ) : (
                      <IconBuildingBank size={20} />
                    )}
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{conta.nome}</Text>
                    <Text size="xs" c="dimmed">
                      {[
                        tipoContaLabel(conta.tipo),
                        conta.banco,
                        conta.agencia && `ag. ${conta.agencia}`,
                        conta.conta && `c/c ${conta.conta}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                </Group>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Ações da conta ${conta.nome}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconFileText size={16} />}
                      onClick={() => setExtrato(conta)}
                    >
                      Extrato
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconPencil size={16} />}
                      onClick={() => setEditando(conta)}
                    >
                      Editar
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => void excluir(conta)}
                    >
                      Excluir
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
              <Group justify="space-between" mt="md" align="flex-end">
                <Dinheiro valor={conta.saldo} fw={700} size="xl" data-testid="conta-saldo" />
                {conta.ativo ? (
                  <Button size="compact-sm" variant="subtle" onClick={() => setExtrato(conta)}>
                    Ver extrato
                  </Button>
                ) : (
                  <Badge color="gray" variant="light">
                    Inativa
                  </Badge>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <FormModal
        opened={editando !== undefined}
        onClose={() => setEditando(undefined)}
        title={editando ? 'Editar conta' : FINANCEIRO_MESSAGES.novaConta}
      >
        <ContaForm conta={editando ?? null} onClose={() => setEditando(undefined)} />
      </FormModal>
      <FormModal
        opened={transferindo}
        onClose={() => setTransferindo(false)}
        title={FINANCEIRO_MESSAGES.transferir}
      >
        <TransferenciaForm contas={lista} onClose={() => setTransferindo(false)} />
      </FormModal>
      <ExtratoModal conta={extrato} onClose={() => setExtrato(null)} />
    </Stack>
  );
}
