import {
  Alert,
  Button,
  Divider,
  Group,
  Kbd,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { formatMoney } from '@prumo/shared/money';
import {
  calcularTotaisVenda,
  formatNumeroVenda,
  VENDA_MESSAGES,
  type Venda,
  type VendaInputValues,
} from '@prumo/shared/vendas';
import type { NotaFiscal } from '@prumo/shared/fiscal';
import { useParametrosVenda, useSalvarVenda } from '../../../api/vendas';
import { MoneyInput } from '../../../components/inputs/DecimalInput';
import { notifyError, notifySuccess } from '../../../components/notify';
import { avisarFalhaVenda, enviarVenda } from '../autorizacao';
import { imprimirComprovante } from '../imprimir';
import { NFCE_TEXTOS, useNfce } from '../nfce';
import { useStatusFiscal } from '../../../api/fiscal';
import {
  baixarDanfe,
  SituacaoNotaBadge,
  temDanfe,
  tituloNota,
} from '../../../components/fiscal/nota';
import {
  acaoAdicionar,
  CARRINHO_VAZIO,
  carrinhoReducer,
  itensDoCarrinho,
  resumirPagamentos,
  type ItemLido,
  type LinhaPagamento,
} from '../pdv';
import { CarrinhoTabela } from './CarrinhoTabela';
import { PagamentosPdv } from './PagamentosPdv';
import { PdvBusca } from './PdvBusca';

const PAGAMENTO_INICIAL: LinhaPagamento[] = [{ forma: 'dinheiro', valor: null }];

/** The panel's keyboard shortcuts, shown on screen. */
export const ATALHOS_PDV = [
  { tecla: 'F2', acao: 'Buscar produto' },
  { tecla: 'F4', acao: 'Forma de pagamento' },
  { tecla: 'F6', acao: 'Desconto' },
  { tecla: 'F8', acao: 'Valor recebido' },
  { tecla: 'F9', acao: 'Finalizar venda' },
  { tecla: 'F7', acao: 'Imprimir última venda' },
  { tecla: 'Esc', acao: 'Limpar a busca' },
] as const;

/** True while a dialog is open: the panel's shortcuts are not for it. */
const dialogoAberto = () => document.querySelector('[role="dialog"]') !== null;

/**
 * "Venda Rápida" (spec 2.13, 5): a quick counter sale made from the keyboard, finalized by the
 * server at once (atendimento_rapido) inside the operator's open caixa. The cart lives here; the
 * search keeps its own text, so typing re-renders only the search, and Enter only the new line.
 */
export function VendaRapida({ caixaAberto }: { caixaAberto: boolean | undefined }) {
  const [carrinho, dispatch] = useReducer(carrinhoReducer, CARRINHO_VAZIO);
  const [pagamentos, setPagamentos] = useState<LinhaPagamento[]>(PAGAMENTO_INICIAL);
  const [desconto, setDesconto] = useState<number | null>(null);
  const [ultima, setUltima] = useState<Venda | null>(null);
  const [ultimaNota, setUltimaNota] = useState<NotaFiscal | null>(null);
  const nfce = useNfce();
  const fiscal = useStatusFiscal();
  const nfceSemConfiguracao = fiscal.data?.nfce_ativa === true && fiscal.data.pronto === false;
  const [enviando, setEnviando] = useState(false);
  const parametros = useParametrosVenda();
  const salvar = useSalvarVenda();
  const buscaRef = useRef<HTMLInputElement>(null);
  const formaRef = useRef<HTMLSelectElement>(null);
  const valorRef = useRef<HTMLInputElement>(null);
  const descontoRef = useRef<HTMLInputElement>(null);

  const totais = useMemo(
    () => calcularTotaisVenda(carrinho.linhas, desconto ?? 0),
    [carrinho.linhas, desconto],
  );
  const subtotais = useMemo(() => totais.itens.map((item) => item.subtotal), [totais]);
  const resumo = useMemo(
    () => resumirPagamentos(totais.valor_final, pagamentos),
    [totais.valor_final, pagamentos],
  );

  const adicionar = useCallback(
    (item: ItemLido) => dispatch(acaoAdicionar(item, new Date().toISOString())),
    [],
  );

  async function finalizar() {
    if (carrinho.linhas.length === 0 || enviando) return;
    const erroTotais = Object.values(totais.erros)[0];
    const erro = erroTotais ?? resumo.erro;
    if (erro) {
      notifyError(`${VENDA_MESSAGES.erroVendaRapida}: ${erro}`);
      return;
    }
    // With NFC-e on, "CPF na nota?" comes first; going back leaves the sale open.
    const comNfce = await nfce.ativa();
    let cpf: string | null = null;
    if (comNfce) {
      const resposta = await nfce.pedirCpf();
      if (resposta === undefined) {
        buscaRef.current?.focus();
        return;
      }
      cpf = resposta;
    }
    const dados: VendaInputValues = {
      tipo: 'balcao',
      atendimento_rapido: true,
      cliente_id: null,
      forma_pagamento: resumo.forma_pagamento,
      pagamentos: resumo.pagamentos,
      desconto: desconto ?? 0,
      itens: itensDoCarrinho(carrinho.linhas),
      inicio_atendimento: carrinho.inicio,
    };
    setEnviando(true);
    try {
      const venda = await enviarVenda(salvar.mutateAsync, dados);
      notifySuccess(VENDA_MESSAGES.sucessoVendaRapida);
      setUltima(venda);
      setUltimaNota(null);
      dispatch({ tipo: 'limpar' });
      setPagamentos(PAGAMENTO_INICIAL);
      setDesconto(null);
      // The sale is done; its NFC-e (and the DANFCE, or the receipt) follows.
      if (comNfce) setUltimaNota(await nfce.emitirEImprimir(venda, cpf));
    } catch (error) {
      avisarFalhaVenda(VENDA_MESSAGES.erroVendaRapida, error);
    } finally {
      setEnviando(false);
      buscaRef.current?.focus();
    }
  }

  // Once the caixa opens, the cashier can start scanning.
  useEffect(() => {
    if (caixaAberto) buscaRef.current?.focus();
  }, [caixaAberto]);

  /** F7 and the last sale's button: its DANFCE when it has one, else the receipt. */
  function imprimirUltima() {
    if (ultimaNota && temDanfe(ultimaNota)) void baixarDanfe(ultimaNota);
    else if (ultima) void imprimirComprovante(ultima, '80mm');
  }

  // The shortcuts call the latest state's handlers.
  const acoes = useRef({ finalizar, imprimirUltima });
  useEffect(() => {
    acoes.current = { finalizar, imprimirUltima };
  });
  useEffect(() => {
    const focar = (ref: { current: HTMLElement | null }) => {
      ref.current?.focus();
      if (ref.current instanceof HTMLInputElement) ref.current.select();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (dialogoAberto()) return;
      const handlers: Record<string, () => void> = {
        F2: () => focar(buscaRef),
        F4: () => focar(formaRef),
        F6: () => focar(descontoRef),
        F8: () => focar(valorRef),
        F9: () => void acoes.current.finalizar(),
        F7: () => acoes.current.imprimirUltima(),
        Escape: () => focar(buscaRef),
      };
      const handler = handlers[event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Paper withBorder radius="md" p="md" data-testid="venda-rapida">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            {VENDA_MESSAGES.vendaRapida}
          </Title>
          <Group gap={6} data-testid="pdv-atalhos">
            {ATALHOS_PDV.map(({ tecla, acao }) => (
              <Text key={tecla} size="xs" c="dimmed">
                <Kbd size="xs">{tecla}</Kbd> {acao}
              </Text>
            ))}
          </Group>
        </Group>
        {caixaAberto === false && (
          <Alert color="yellow" variant="light" py="xs">
            {VENDA_MESSAGES.semCaixaAberto}
          </Alert>
        )}
        {nfceSemConfiguracao && (
          <Alert color="yellow" variant="light" py="xs" data-testid="pdv-nfce-pendente">
            {NFCE_TEXTOS.naoPronta} {fiscal.data?.pendencias.join('; ')}
          </Alert>
        )}
        <PdvBusca
          onAdicionar={adicionar}
          modo={parametros.data?.balanca_modo ?? 'preco'}
          buscaRef={buscaRef}
          autoFocus
        />
        <CarrinhoTabela
          linhas={carrinho.linhas}
          subtotais={subtotais}
          ultima={carrinho.ultima}
          dispatch={dispatch}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PagamentosPdv
            linhas={pagamentos}
            onChange={setPagamentos}
            resumo={resumo}
            formaRef={formaRef}
            valorRef={valorRef}
          />
          <Stack gap={6}>
            <MoneyInput
              ref={descontoRef}
              label="Desconto"
              placeholder="R$ 0,00"
              value={desconto}
              onValueChange={setDesconto}
              error={totais.erros.desconto}
            />
            <Divider />
            <Group justify="space-between">
              <Text fw={700} size="lg">
                Total
              </Text>
              <Text fw={800} size="xl" data-testid="pdv-total">
                {formatMoney(totais.valor_final)}
              </Text>
            </Group>
            <Button
              size="lg"
              color="green"
              leftSection={<IconCheck size={20} />}
              loading={enviando}
              onClick={() => void finalizar()}
              data-testid="pdv-finalizar"
            >
              Finalizar Venda
            </Button>
          </Stack>
        </SimpleGrid>
        {ultima && (
          <Alert color="teal" variant="light" data-testid="pdv-ultima-venda">
            <Group justify="space-between" gap="xs">
              <Stack gap={2}>
                <Text size="sm">
                  Última venda Nº {formatNumeroVenda(ultima.numero)}:{' '}
                  {formatMoney(ultima.valor_final)}
                  {ultima.troco > 0 ? ` · Troco ${formatMoney(ultima.troco)}` : ''}
                </Text>
                {ultimaNota && (
                  <Group gap={6} data-testid="pdv-ultima-nfce">
                    <Text size="xs">{tituloNota(ultimaNota)}</Text>
                    <SituacaoNotaBadge situacao={ultimaNota.situacao} size="xs" />
                  </Group>
                )}
              </Stack>
              <Group gap="xs">
                {ultimaNota && temDanfe(ultimaNota) && (
                  <Button
                    size="xs"
                    leftSection={<IconPrinter size={14} />}
                    onClick={() => void baixarDanfe(ultimaNota)}
                  >
                    DANFCE
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPrinter size={14} />}
                  onClick={() => void imprimirComprovante(ultima, '80mm')}
                >
                  Comprovante 80 mm
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => void imprimirComprovante(ultima, 'a4')}
                >
                  A4
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
      </Stack>
      {nfce.modal}
    </Paper>
  );
}
