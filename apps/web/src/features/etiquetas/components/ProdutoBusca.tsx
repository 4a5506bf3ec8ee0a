import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '@prumo/shared/money';
import { PRODUTO_SEARCH_MIN_CHARS, type ProdutoSearchItem } from '@prumo/shared/produtos';
import { useSugestoesProdutos } from '../api/search-produtos';

/**
 * Finds products by name, barcode or internal code (the server's relevance search, from 2
 * characters) and hands the chosen one over; the box clears for the next product.
 */
export function ProdutoBusca({ onSelect }: { onSelect: (produto: ProdutoSearchItem) => void }) {
  const combobox = useCombobox();
  const [texto, setTexto] = useState('');
  const termo = texto.trim();
  const [debounced] = useDebouncedValue(termo, 250);
  const sugestoes = useSugestoesProdutos(
    debounced.length >= PRODUTO_SEARCH_MIN_CHARS ? debounced : '',
  );
  const longEnough = termo.length >= PRODUTO_SEARCH_MIN_CHARS;
  const buscando = longEnough && (termo !== debounced || sugestoes.isFetching);
  const items = buscando ? [] : (sugestoes.data ?? []);
  const byId = new Map(items.map((item) => [String(item.id), item]));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const produto = byId.get(value);
        if (produto) onSelect(produto);
        setTexto('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Adicionar produto"
          placeholder="Digite o nome, o código interno ou o código de barras"
          leftSection={<IconSearch size={16} />}
          rightSection={buscando ? <Loader size={16} /> : null}
          value={texto}
          autoComplete="off"
          data-testid="etiquetas-busca-produto"
          onChange={(event) => {
            setTexto(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => setTimeout(() => combobox.closeDropdown(), 200)}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!longEnough}>
        <Combobox.Options>
          <ScrollArea.Autosize mah={240} type="auto">
            {buscando ? (
              <Combobox.Empty>Buscando produtos...</Combobox.Empty>
            ) : items.length === 0 ? (
              <Combobox.Empty>Nenhum produto encontrado</Combobox.Empty>
            ) : (
              items.map((item) => (
                <Combobox.Option value={String(item.id)} key={item.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {item.nome}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[item.codigo_interno, item.codigo_barras].filter(Boolean).join(' · ') ||
                          item.categoria_nome}
                      </Text>
                    </div>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(item.preco)}
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
