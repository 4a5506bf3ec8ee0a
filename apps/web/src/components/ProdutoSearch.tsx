import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ESTOQUE_MESSAGES,
  SUGESTOES_BLUR_DELAY_MS,
  SUGESTOES_MAX_HEIGHT,
  SUGESTOES_MIN_CHARS,
} from '@prumo/shared/estoque';
import type { ProdutoSearchItem } from '@prumo/shared/produtos';
import { useProdutoSuggestions } from '../api/produtos';

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

export interface ProdutoSearchProps {
  label: string;
  placeholder: string;
  onSelect: (produto: ProdutoSearchItem) => void;
  /** What each suggestion shows on the right (price, stock...). */
  renderInfo: (produto: ProdutoSearchItem) => ReactNode;
  /** The line under the name; category and codes by default. */
  renderDetails?: (produto: ProdutoSearchItem) => ReactNode;
  /**
   * Controlled text, for forms that keep the chosen product's name in the box; without it the
   * box clears itself after each choice (to add one product after another).
   */
  value?: string;
  onValueChange?: (text: string) => void;
  /** A product is chosen: no suggestions until the text changes again. */
  selected?: boolean;
  withAsterisk?: boolean;
  error?: string;
  autoFocus?: boolean;
  'data-testid'?: string;
}

function defaultDetails(produto: ProdutoSearchItem): string {
  return [produto.categoria_nome, produto.codigo_interno, produto.codigo_barras]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Product search with suggestions (spec 2.11 and 9): searched on the server only from 2 typed
 * characters, "Buscando produtos..." while searching, "Nenhum produto encontrado" when nothing
 * matches, a list at most 200 px high that closes about 200 ms after the field loses focus.
 */
export function ProdutoSearch({
  label,
  placeholder,
  onSelect,
  renderInfo,
  renderDetails = defaultDetails,
  value,
  onValueChange,
  selected = false,
  withAsterisk,
  error,
  autoFocus,
  'data-testid': testId,
}: ProdutoSearchProps) {
  const combobox = useCombobox();
  const [ownText, setOwnText] = useState('');
  const controlled = value !== undefined;
  const text = controlled ? value : ownText;
  const setText = (next: string) => (controlled ? onValueChange?.(next) : setOwnText(next));

  const termo = text.trim();
  const [debounced] = useDebouncedValue(termo, DEBOUNCE_MS);
  const sugestoes = useProdutoSuggestions(
    !selected && debounced.length >= SUGESTOES_MIN_CHARS ? debounced : '',
  );
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const longEnough = termo.length >= SUGESTOES_MIN_CHARS;
  const buscando =
    !selected &&
    longEnough &&
    (termo !== debounced || sugestoes.isFetching || sugestoes.isPlaceholderData);
  const items = buscando ? [] : (sugestoes.data ?? []);
  const byId = new Map(items.map((item) => [String(item.id), item]));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const produto = byId.get(id);
        if (produto) onSelect(produto);
        if (!controlled) setOwnText('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          withAsterisk={withAsterisk}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          rightSection={buscando ? <Loader size={16} /> : null}
          value={text}
          error={error}
          autoFocus={autoFocus}
          autoComplete="off"
          data-testid={testId}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            if (!selected) combobox.openDropdown();
          }}
          onClick={() => {
            if (!selected) combobox.openDropdown();
          }}
          onBlur={() => {
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(() => combobox.closeDropdown(), SUGESTOES_BLUR_DELAY_MS);
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!longEnough || selected} data-testid="sugestoes-produtos">
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
                        {renderDetails(item)}
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {renderInfo(item)}
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
