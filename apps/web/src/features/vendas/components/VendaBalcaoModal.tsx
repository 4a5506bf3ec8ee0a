import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { formatMoney } from '@prumo/shared/money';
import {
  calcularTotaisVenda,
  FORMAS_PAGAMENTO_BALCAO,
  VENDA_MESSAGES,
  type FormaPagamento,
} from '@prumo/shared/vendas';
import { useParametrosVenda, useSalvarVenda } from '../../../api/vendas';
import { notifySuccess } from '../../../components/notify';
import { avisarFalhaVenda, enviarVenda } from '../autorizacao';
import {
  acaoAdicionar,
  CARRINHO_VAZIO,
  carrinhoReducer,
  itensDoCarrinho,
  type ItemLido,
} from '../pdv';
import { VENDA_TEXTOS } from '../texts';
import { CarrinhoTabela } from './CarrinhoTabela';
import { PdvBusca } from './PdvBusca';

const FORMAS = [
  { value: '', label: 'Selecione' },
  ...FORMAS_PAGAMENTO_BALCAO.map(({ value, label }) => ({ value, label })),
];

/**
 * "Nova Venda de Balcão" (spec 2.13): an optional customer name, the payment method, the product
 * search (at most 5 suggestions with price and stock), the chosen items and the total. Not a
 * quick sale: it is saved Pendente and finalized later (from its view, at the caixa).
 */
export function VendaBalcaoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={VENDA_MESSAGES.novaVendaBalcao}
      size={720}
      fullScreen={narrow}
      centered
    >
      {opened && <VendaBalcaoForm onClose={onClose} />}
    </Modal>
  );
}

function VendaBalcaoForm({ onClose }: { onClose: () => void }) {
  const [carrinho, dispatch] = useReducer(carrinhoReducer, CARRINHO_VAZIO);
  const [cliente, setCliente] = useState('');
  const [forma, setForma] = useState<FormaPagamento | ''>('');
  const [erroForma, setErroForma] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const parametros = useParametrosVenda();
  const salvar = useSalvarVenda();
  const totais = useMemo(() => calcularTotaisVenda(carrinho.linhas, 0), [carrinho.linhas]);
  const subtotais = useMemo(() => totais.itens.map((item) => item.subtotal), [totais]);

  const adicionar = useCallback(
    (item: ItemLido) => dispatch(acaoAdicionar(item, new Date().toISOString())),
    [],
  );

  async function finalizar() {
    if (carrinho.linhas.length === 0) return;
    if (!forma) {
      setErroForma(VENDA_MESSAGES.formaObrigatoria);
      return;
    }
    setSaving(true);
    try {
      await enviarVenda(salvar.mutateAsync, {
        tipo: 'balcao',
        cliente_nome: cliente.trim() || null,
        forma_pagamento: forma,
        itens: itensDoCarrinho(carrinho.linhas),
        inicio_atendimento: carrinho.inicio,
      });
      notifySuccess(VENDA_TEXTOS.criada);
      onClose();
    } catch (error) {
      avisarFalhaVenda(VENDA_TEXTOS.erroCriar, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="venda-balcao-form">
      <Group grow align="flex-start">
        <TextInput
          label="Cliente (opcional)"
          placeholder="Cliente Balcão"
          maxLength={200}
          value={cliente}
          onChange={(event) => setCliente(event.currentTarget.value)}
        />
        <NativeSelect
          label="Forma de pagamento"
          withAsterisk
          data={FORMAS}
          value={forma}
          error={erroForma}
          onChange={(event) => {
            setForma(event.currentTarget.value as FormaPagamento | '');
            setErroForma(null);
          }}
        />
      </Group>
      <PdvBusca onAdicionar={adicionar} modo={parametros.data?.balanca_modo ?? 'preco'} />
      <CarrinhoTabela
        linhas={carrinho.linhas}
        subtotais={subtotais}
        ultima={carrinho.ultima}
        dispatch={dispatch}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {VENDA_TEXTOS.balcaoPendente}
        </Text>
        <Text fw={700} size="lg" data-testid="venda-balcao-total">
          Total: {formatMoney(totais.valor_final)}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="green" loading={saving} onClick={() => void finalizar()}>
          Finalizar Venda
        </Button>
      </Group>
    </Stack>
  );
}
