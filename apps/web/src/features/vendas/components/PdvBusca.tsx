import { Box, Button, Group, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconBarcode, IconPlus } from '@tabler/icons-react';
import { memo, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { formatQuantidadeUnidade, SUGESTOES_MIN_CHARS } from '@prumo/shared/estoque';
import { formatMoney } from '@prumo/shared/money';
import {
  lerCodigoPdv,
  SUGESTOES_BALCAO_MAX,
  VENDA_MESSAGES,
  type ModoBalanca,
} from '@prumo/shared/vendas';
import { produtoSearchQueryOptions, useProdutoSuggestions } from '../../../api/produtos';
import { DecimalInput } from '../../../components/inputs/DecimalInput';
import { errorText } from '../../../lib/error-text';
import { resolverLeitura, termoDaLeitura, type ItemLido } from '../pdv';

/** Waits this long after the last key before suggesting (a scanner's Enter comes sooner). */
const DEBOUNCE_MS = 150;

/**
 * The counter's product search, for a cashier with a scanner and no mouse: Enter adds what the
 * text reads as (a barcode or internal code, `3*<código>`, a scale label, or a name); a name
 * suggests at most 5 active products with price and stock, picked with the arrows and Enter; Esc
 * clears. The text clears at once on Enter, so the next scan can follow while the first is
 * looked up; lookups run in order.
 */
export const PdvBusca = memo(function PdvBusca({
  onAdicionar,
  modo,
  buscaRef,
  autoFocus,
}: {
  onAdicionar: (item: ItemLido) => void;
  modo: ModoBalanca;
  buscaRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
}) {
  const queryClient = useQueryClient();
  const listId = useId();
  const [texto, setTexto] = useState('');
  const [quantidade, setQuantidade] = useState<number | null>(1);
  const [destaque, setDestaque] = useState(-1);
  const [aberta, setAberta] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(0);
  const fila = useRef<Promise<void>>(Promise.resolve());

  const leitura = useMemo(() => lerCodigoPdv(texto), [texto]);
  const termo = leitura.tipo === 'balanca' ? '' : termoDaLeitura(leitura);
  const [debounced] = useDebouncedValue(termo, DEBOUNCE_MS);
  const sugestoesQuery = useProdutoSuggestions(debounced);
  const atual =
    debounced === termo && termo.length >= SUGESTOES_MIN_CHARS && !sugestoesQuery.isPlaceholderData;
  const sugestoes = useMemo(
    () =>
      atual
        ? (sugestoesQuery.data ?? [])
            .filter((produto) => produto.ativo)
            .slice(0, SUGESTOES_BALCAO_MAX)
        : [],
    [atual, sugestoesQuery.data],
  );
  const mostrar = aberta && texto.trim() !== '' && sugestoes.length > 0;

  function limpar() {
    setTexto('');
    setDestaque(-1);
    setQuantidade(1);
  }

  async function resolver(lido: string, padrao: number) {
    const leituraLida = lerCodigoPdv(lido);
    const busca = termoDaLeitura(leituraLida);
    if (busca.length < SUGESTOES_MIN_CHARS) {
      setErro(`${VENDA_MESSAGES.produtoNaoEncontrado} (${lido})`);
      return;
    }
    setBuscando((n) => n + 1);
    try {
      const candidatos = await queryClient.fetchQuery(produtoSearchQueryOptions(busca));
      const resultado = resolverLeitura(leituraLida, candidatos, modo, padrao);
      if (resultado.tipo === 'nenhum') setErro(`${VENDA_MESSAGES.produtoNaoEncontrado} (${lido})`);
      else onAdicionar(resultado);
    } catch (error) {
      setErro(errorText('Erro ao buscar o produto', error));
    } finally {
      setBuscando((n) => n - 1);
    }
  }

  function confirmar() {
    const lido = texto.trim();
    if (!lido) return;
    const padrao = quantidade && quantidade > 0 ? quantidade : 1;
    const escolhida = mostrar ? sugestoes[destaque] : undefined;
    setErro(null);
    limpar();
    if (escolhida) {
      const vezes = leitura.tipo === 'codigo' ? leitura.quantidade : null;
      onAdicionar({ tipo: 'produto', produto: escolhida, quantidade: vezes ?? padrao });
      return;
    }
    fila.current = fila.current.then(() => resolver(lido, padrao));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirmar();
    } else if (event.key === 'ArrowDown' && sugestoes.length) {
      event.preventDefault();
      setAberta(true);
      setDestaque((atualDestaque) => Math.min(sugestoes.length - 1, atualDestaque + 1));
    } else if (event.key === 'ArrowUp' && sugestoes.length) {
      event.preventDefault();
      setDestaque((atualDestaque) => Math.max(0, atualDestaque - 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setErro(null);
      limpar();
    }
  }

  const ativa = mostrar && destaque >= 0 ? `${listId}-${destaque}` : undefined;
  return (
    <Box>
      <Group gap="xs" align="flex-end">
        <Box pos="relative" style={{ flex: '1 1 260px' }}>
          <TextInput
            ref={buscaRef}
            label="Produto (nome ou código de barras)"
            placeholder="Leia o código ou digite o nome"
            leftSection={<IconBarcode size={18} />}
            rightSection={buscando > 0 ? <Loader size={16} /> : null}
            autoComplete="off"
            autoFocus={autoFocus}
            size="md"
            data-testid="pdv-busca"
            role="combobox"
            aria-expanded={mostrar}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={ativa}
            value={texto}
            error={erro}
            onChange={(event) => {
              setTexto(event.currentTarget.value);
              setDestaque(-1);
              setAberta(true);
              setErro(null);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setAberta(true)}
            onBlur={() => setAberta(false)}
          />
          {mostrar && (
            <Paper
              withBorder
              shadow="md"
              radius="md"
              pos="absolute"
              left={0}
              right={0}
              style={{ zIndex: 20, top: '100%', marginTop: 4 }}
              id={listId}
              role="listbox"
              data-testid="pdv-sugestoes"
            >
              {sugestoes.map((produto, index) => (
                <UnstyledButton
                  key={produto.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === destaque}
                  tabIndex={-1}
                  w="100%"
                  px="sm"
                  py={6}
                  bg={index === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                  // A click keeps the focus in the search (the list closes on blur).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    setErro(null);
                    limpar();
                    onAdicionar({ tipo: 'produto', produto, quantidade: quantidade ?? 1 });
                  }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={500} truncate>
                      {produto.nome}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(produto.preco)} ·{' '}
                      {formatQuantidadeUnidade(produto.estoque, produto.unidade_medida)}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Paper>
          )}
        </Box>
        <DecimalInput
          label="Quantidade"
          w={100}
          size="md"
          min={0}
          decimalScale={3}
          value={quantidade}
          onValueChange={setQuantidade}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirmar();
            }
          }}
        />
        <Button size="md" leftSection={<IconPlus size={16} />} onClick={confirmar}>
          Adicionar
        </Button>
      </Group>
    </Box>
  );
});
