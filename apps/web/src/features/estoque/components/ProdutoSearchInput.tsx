import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import {
  ESTOQUE_MESSAGES,
  formatQuantidadeUnidade,
  SUGESTOES_BLUR_DELAY_MS,
  SUGESTOES_MAX_HEIGHT,
  SUGESTOES_MIN_CHARS,
} from '@prumo/shared/estoque';
import type { ProdutoSearchItem } from '@prumo/shared/produtos';
import { useSugestoesProdutos } from '../api/search-produtos';

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

/**
 * The movement modal's product search (spec 2.11 and 9): suggestions from the server only from
 * 2 typed characters, "Buscando produtos..." while searching, "Nenhum produto encontrado" when
 * nothing matches, a list at most 200 px high that closes about 200 ms after the field loses
 * focus. Typing after a choice clears it, so a product always comes from the suggestions.
 */
export function ProdutoSearchInput({
  texto,
  selecionado,
  onTextoChange,
  onSelect,
  error,
  autoFocus,
}: {
  texto: string;
  selecionado: boolean;
  onTextoChange: (texto: string) => void;
  onSelect: (produto: ProdutoSearchItem) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const combobox = useCombobox();
  const termo = texto.trim();
  const [debounced] = useDebouncedValue(termo, DEBOUNCE_MS);
  const buscar = !selecionado && debounced.length >= SUGESTOES_MIN_CHARS;
  const sugestoes = useSugestoesProdutos(buscar ? debounced : '');
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const longEnough = termo.length >= SUGESTOES_MIN_CHARS;
  const buscando =
    !selecionado &&
    longEnough &&
    (termo !== debounced || sugestoes.isFetching || sugestoes.isPlaceholderData);
  const items = buscando ? [] : (sugestoes.data ?? []);
  const byId = new Map(items.map((item) => [String(item.id), item]));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const produto = byId.get(value);
        if (produto) onSelect(produto);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Produto"
          withAsterisk
          placeholder="Digite o nome ou o código de barras"
          leftSection={<IconSearch size={16} />}
          rightSection={buscando ? <Loader size={16} /> : null}
          value={texto}
          error={error}
          autoFocus={autoFocus}
          autoComplete="off"
          data-testid="movimentacao-produto"
          onChange={(event) => {
            onTextoChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            if (!selecionado) combobox.openDropdown();
          }}
          onClick={() => {
            if (!selecionado) combobox.openDropdown();
          }}
          onBlur={() => {
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(() => combobox.closeDropdown(), SUGESTOES_BLUR_DELAY_MS);
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!longEnough || selecionado} data-testid="sugestoes-produtos">
        <Combobox.Options>
          <ScrollArea.Autosize mah={SUGESTOES_MAX_HEIGHT} type="auto" data-testid="sugestoes-lista">
            {buscando ? (
              <Combobox.Empty>{ESTOQUE_MESSAGES.buscandoProdutos}</Combobox.Empty>
            ) : items.length === 0 ? (
              <Combobox.Empty>{ESTOQUE_MESSAGES.nenhumProduto}</Combobox.Empty>
            ) : (
              items.map((item) => (
                <Combobox.Option value={String(item.id)} key={item.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {item.nome}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {item.categoria_nome}
                        {item.codigo_barras ? ` · ${item.codigo_barras}` : ''}
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatQuantidadeUnidade(item.estoque, item.unidade_medida)}
                    </Text>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
