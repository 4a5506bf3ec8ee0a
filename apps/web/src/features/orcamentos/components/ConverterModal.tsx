import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ORCAMENTO_MESSAGES, type Orcamento } from '@prumo/shared/orcamentos';
import { FORMAS_PAGAMENTO, type FormaPagamento } from '@prumo/shared/vendas';
import { useConverterOrcamento } from '../../../api/orcamentos';
import { AutorizacaoCancelada, comAutorizacao } from '../../../components/autorizacao';
import { CadastroSelect, type CadastroEscolhido } from '../../../components/CadastroSelect';
import { notifySuccess } from '../../../components/notify';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

const FORMAS = FORMAS_PAGAMENTO.map(({ value, label }) => ({ value, label }));
const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** What converting creates: a pending sale of the products, an open order of the services. */
export function oQueSeraCriado(orcamento: Pick<Orcamento, 'produtos' | 'servicos'>): string[] {
  const itens: string[] = [];
  if (orcamento.produtos.length > 0) {
    itens.push(`Venda pendente com ${plural(orcamento.produtos.length, 'produto', 'produtos')}`);
  }
  if (orcamento.servicos.length > 0) {
    itens.push(`Ordem de serviço com ${plural(orcamento.servicos.length, 'serviço', 'serviços')}`);
  }
  return itens;
}

/**
 * "Converter": asks what the sale still needs (the registered customer of a prospect's quote,
 * the payment method when the quote names none), shows what will be created, and converts,
 * with a manager's authorization when the discount needs one.
 */
export function ConverterModal({
  orcamento,
  opened,
  onClose,
}: {
  orcamento: Orcamento;
  opened: boolean;
  onClose: () => void;
}) {
  const converter = useConverterOrcamento();
  const [cliente, setCliente] = useState<CadastroEscolhido | null>(null);
  const [forma, setForma] = useState<FormaPagamento | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [falha, setFalha] = useState<string | null>(null);
  const pedeCliente = orcamento.cliente_id === null;
  const pedeForma = orcamento.produtos.length > 0 && orcamento.forma_pagamento === null;

  async function confirmar() {
    const faltando: Record<string, string> = {};
    if (pedeCliente && !cliente) faltando.cliente_id = ORCAMENTO_MESSAGES.clienteParaConverter;
    setErros(faltando);
    setFalha(null);
    if (Object.keys(faltando).length > 0) return;
    try {
      await comAutorizacao((autorizacao) =>
        converter.mutateAsync({
          id: orcamento.id,
          dados: {
            ...(pedeCliente ? { cliente_id: cliente!.id } : {}),
            ...(pedeForma && forma ? { forma_pagamento: forma } : {}),
            ...(autorizacao ? { autorizacao } : {}),
          },
          idempotencyKey: newIdempotencyKey(),
        }),
      );
      notifySuccess(ORCAMENTO_MESSAGES.convertido);
      onClose();
    } catch (error) {
      if (error instanceof AutorizacaoCancelada) return;
      console.error('Erro ao converter orçamento', error);
      if (error instanceof ApiError) setErros(error.fields);
      setFalha(errorText('Erro ao converter orçamento', error));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Converter orçamento" centered>
      <Stack gap="sm">
        <Text size="sm">Ao converter, serão criados:</Text>
        <List size="sm" data-testid="converter-resumo">
          {oQueSeraCriado(orcamento).map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {pedeCliente && (
          <CadastroSelect
            tipo="cliente"
            label="Cliente cadastrado"
            placeholder={`Cliente do orçamento: ${orcamento.cliente_nome}`}
            nothingFound={ORCAMENTO_MESSAGES.clienteNaoEncontrado}
            required
            value={cliente}
            onChange={setCliente}
            error={erros.cliente_id}
            data-testid="converter-cliente"
          />
        )}
        {pedeForma && (
          <Select
            label="Forma de pagamento da venda"
            description={ORCAMENTO_MESSAGES.formaDepois}
            placeholder="Selecione"
            clearable
            data={FORMAS}
            value={forma}
            onChange={(value) => setForma(value as FormaPagamento | null)}
            error={erros.forma_pagamento}
            comboboxProps={{ withinPortal: false }}
            data-testid="converter-forma"
          />
        )}
        {falha && (
          <Alert color="red" variant="light" data-testid="converter-erro">
            {falha}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={converter.isPending} onClick={() => void confirmar()}>
            Converter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
