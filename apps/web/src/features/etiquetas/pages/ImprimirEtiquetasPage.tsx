import { errorText } from '../../../lib/error-text';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { todayISO } from '@prumo/shared/dates';
import {
  calcularLayout,
  etiquetaParaModelo,
  MAX_ETIQUETAS_POR_ARQUIVO,
  MAX_QUANTIDADE_POR_PRODUTO,
  modeloDoPreset,
  PRESETS_ETIQUETA,
  totalPaginas,
  type EtiquetaModelo,
  type ImprimirEtiquetasInput,
  type PresetEtiquetaId,
} from '@prumo/shared/etiquetas';
import { formatMoney } from '@prumo/shared/money';
import type { ProdutoSearchItem } from '@prumo/shared/produtos';
import { EmptyState } from '../../../components/EmptyState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { saveBlob } from '../../../lib/files';
import { useImprimirEtiquetas, useEtiquetas } from '../../../api/etiquetas';
import { useCategorias } from '../../../api/categorias';
import { useTabelasPrecos } from '../../../api/tabelas-precos';
import { FolhaPreview } from '../components/FolhaPreview';
import { ProdutoSearch } from '../../../components/ProdutoSearch';
import { ETIQUETA_TEXTOS } from '../texts';
import { BackButton } from '../../../components/BackButton';

interface Item {
  produto: ProdutoSearchItem;
  quantidade: number;
}

type Modo = 'produtos' | 'grupo';
const PRESET_PREFIX = 'preset:';
const ETIQUETA_PREFIX = 'etiqueta:';

/**
 * /produtos/etiquetas/imprimir (the spec has no printing): choose a template or a Pimaco sheet,
 * the products and how many labels of each (or all products of a group), the price table whose
 * price is printed and the first free label of a part-used sheet; the server builds the PDF and
 * the browser downloads it.
 */
export default function ImprimirEtiquetasPage() {
  const [params] = useSearchParams();
  const etiquetas = useEtiquetas();
  const categorias = useCategorias();
  const tabelas = useTabelasPrecos();
  const imprimir = useImprimirEtiquetas();

  const [escolhido, setEscolhido] = useState<string | null>(() => {
    const id = Number(params.get('etiqueta'));
    return Number.isInteger(id) && id > 0 ? `${ETIQUETA_PREFIX}${id}` : null;
  });
  const [modo, setModo] = useState<Modo>('produtos');
  const [itens, setItens] = useState<Item[]>([]);
  const [categoriaId, setCategoriaId] = useState<string | null>(null);
  const [porProduto, setPorProduto] = useState(1);
  const [tabelaId, setTabelaId] = useState<string | null>(null);
  const [posicao, setPosicao] = useState(1);

  // Without a choice: the first saved template, else the first Pimaco sheet.
  const primeiro = etiquetas.data?.[0];
  const valor =
    escolhido ??
    (primeiro ? `${ETIQUETA_PREFIX}${primeiro.id}` : `${PRESET_PREFIX}${PRESETS_ETIQUETA[0].id}`);

  const modelo: EtiquetaModelo | null = useMemo(() => {
    if (valor.startsWith(PRESET_PREFIX)) {
      return modeloDoPreset(valor.slice(PRESET_PREFIX.length) as PresetEtiquetaId);
    }
    const etiqueta = etiquetas.data?.find(
      (item) => item.id === Number(valor.slice(ETIQUETA_PREFIX.length)),
    );
    return etiqueta ? etiquetaParaModelo(etiqueta) : null;
  }, [valor, etiquetas.data]);

  const layout = modelo ? calcularLayout(modelo) : null;
  const porPagina = layout?.ok ? layout.layout.porPagina : 1;
  const posicaoInicial = Math.min(Math.max(1, posicao), porPagina);
  const categoria = categorias.data?.find((item) => item.id === Number(categoriaId));
  const total =
    modo === 'produtos'
      ? itens.reduce((sum, item) => sum + item.quantidade, 0)
      : (categoria?.total_produtos ?? 0) * porProduto;
  const paginas = layout?.ok ? totalPaginas(layout.layout, total, posicaoInicial) : 0;

  const modeloOptions = [
    {
      group: 'Meus modelos',
      items: (etiquetas.data ?? []).map((etiqueta) => ({
        value: `${ETIQUETA_PREFIX}${etiqueta.id}`,
        label: etiqueta.nome,
      })),
    },
    {
      group: 'Folhas Pimaco',
      items: PRESETS_ETIQUETA.map((preset) => ({
        value: `${PRESET_PREFIX}${preset.id}`,
        label: `${preset.nome} — ${preset.descricao}`,
      })),
    },
  ].filter((group) => group.items.length > 0);

  function adicionar(produto: ProdutoSearchItem) {
    setItens((current) => {
      const existing = current.find((item) => item.produto.id === produto.id);
      if (existing) {
        return current.map((item) =>
          item === existing
            ? { ...item, quantidade: Math.min(MAX_QUANTIDADE_POR_PRODUTO, item.quantidade + 1) }
            : item,
        );
      }
      return [...current, { produto, quantidade: 1 }];
    });
  }

  async function gerar() {
    const pedido: ImprimirEtiquetasInput = {
      ...(valor.startsWith(PRESET_PREFIX)
        ? { modelo: valor.slice(PRESET_PREFIX.length) as PresetEtiquetaId }
        : { etiqueta_id: Number(valor.slice(ETIQUETA_PREFIX.length)) }),
      ...(modo === 'produtos'
        ? {
            itens: itens.map((item) => ({
              produto_id: item.produto.id,
              quantidade: item.quantidade,
            })),
          }
        : { categoria_id: Number(categoriaId), quantidade_por_produto: porProduto }),
      tabela_preco_id: tabelaId ? Number(tabelaId) : null,
      posicao_inicial: posicaoInicial,
    };
    try {
      const pdf = await imprimir.mutateAsync(pedido);
      saveBlob(pdf.blob, `etiquetas-${todayISO()}.pdf`);
      notifySuccess(
        `PDF gerado: ${pdf.etiquetas} ${pdf.etiquetas === 1 ? 'etiqueta' : 'etiquetas'} em ${pdf.paginas} ${
          pdf.paginas === 1 ? 'folha' : 'folhas'
        }.`,
      );
    } catch (error) {
      console.error(ETIQUETA_TEXTOS.erroImprimir, error);
      notifyError(errorText(ETIQUETA_TEXTOS.erroImprimir, error));
    }
  }

  const pronto =
    modelo !== null &&
    layout?.ok === true &&
    total > 0 &&
    total <= MAX_ETIQUETAS_POR_ARQUIVO &&
    (modo === 'produtos' ? itens.length > 0 : categoriaId !== null);

  return (
    <Stack gap={0}>
      <PageHeader
        title="Imprimir Etiquetas"
        description="Gere um PDF com as etiquetas dos produtos, com código de barras e preço."
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Etiquetas', to: '/produtos/etiquetas' },
          { label: 'Imprimir' },
        ]}
        actions={<BackButton to="/produtos/etiquetas" />}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={4} fw={600}>
                  Modelo e preço
                </Title>
                <Select
                  label="Modelo de etiqueta"
                  data={modeloOptions}
                  value={valor}
                  onChange={(value) => {
                    setEscolhido(value);
                    setPosicao(1);
                  }}
                  allowDeselect={false}
                  searchable
                  data-testid="etiquetas-modelo"
                />
                <Select
                  label="Preço impresso"
                  description="Produtos sem preço ativo na tabela saem com o próprio preço de venda."
                  placeholder="Preço de venda do produto"
                  data={(tabelas.data ?? []).map((tabela) => ({
                    value: String(tabela.id),
                    label: tabela.nome,
                  }))}
                  value={tabelaId}
                  onChange={setTabelaId}
                  clearable
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={4} fw={600}>
                    Produtos
                  </Title>
                  <SegmentedControl
                    aria-label="Produtos a imprimir"
                    data={[
                      { value: 'produtos', label: 'Escolher produtos' },
                      { value: 'grupo', label: 'Grupo inteiro' },
                    ]}
                    value={modo}
                    onChange={(value) => setModo(value as Modo)}
                  />
                </Group>
                {modo === 'produtos' ? (
                  <>
                    <ProdutoSearch
                      label="Adicionar produto"
                      placeholder="Digite o nome, o código interno ou o código de barras"
                      data-testid="etiquetas-busca-produto"
                      renderInfo={(item) => formatMoney(item.preco)}
                      onSelect={adicionar}
                    />
                    {itens.length === 0 ? (
                      <EmptyState
                        title="Nenhum produto escolhido"
                        hint="Pesquise e escolha os produtos; ajuste quantas etiquetas de cada um."
                      />
                    ) : (
                      <Table.ScrollContainer minWidth={480}>
                        <Table data-testid="etiquetas-itens" verticalSpacing="xs">
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Produto</Table.Th>
                              <Table.Th ta="right">Preço</Table.Th>
                              <Table.Th w={130}>Quantidade</Table.Th>
                              <Table.Th w={48} />
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {itens.map((item) => (
                              <Table.Tr key={item.produto.id}>
                                <Table.Td>
                                  <Text size="sm" fw={500}>
                                    {item.produto.nome}
                                  </Text>
                                  <Text size="xs" c="dimmed">
                                    {[item.produto.codigo_interno, item.produto.codigo_barras]
                                      .filter(Boolean)
                                      .join(' · ') || 'Sem código'}
                                  </Text>
                                </Table.Td>
                                <Table.Td ta="right">{formatMoney(item.produto.preco)}</Table.Td>
                                <Table.Td>
                                  <NumberInput
                                    aria-label={`Quantidade de ${item.produto.nome}`}
                                    min={1}
                                    max={MAX_QUANTIDADE_POR_PRODUTO}
                                    allowDecimal={false}
                                    allowNegative={false}
                                    value={item.quantidade}
                                    onChange={(value) =>
                                      setItens((current) =>
                                        current.map((other) =>
                                          other === item
                                            ? {
                                                ...other,
                                                quantidade: Math.min(
                                                  MAX_QUANTIDADE_POR_PRODUTO,
                                                  Math.max(1, Number(value) || 1),
                                                ),
                                              }
                                            : other,
                                        ),
                                      )
                                    }
                                  />
                                </Table.Td>
                                <Table.Td>
                                  <ActionIcon
                                    variant="subtle"
                                    color="red"
                                    aria-label={`Remover ${item.produto.nome}`}
                                    onClick={() =>
                                      setItens((current) =>
                                        current.filter((other) => other !== item),
                                      )
                                    }
                                  >
                                    <IconTrash size={18} />
                                  </ActionIcon>
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                    )}
                  </>
                ) : (
                  <Group grow align="flex-start">
                    <Select
                      label="Grupo de produtos"
                      placeholder="Escolha o grupo"
                      description="Todos os produtos ativos do grupo"
                      data={(categorias.data ?? []).map((item) => ({
                        value: String(item.id),
                        label: `${item.nome} (${item.total_produtos})`,
                      }))}
                      value={categoriaId}
                      onChange={setCategoriaId}
                      searchable
                    />
                    <NumberInput
                      label="Etiquetas por produto"
                      min={1}
                      max={MAX_QUANTIDADE_POR_PRODUTO}
                      allowDecimal={false}
                      allowNegative={false}
                      value={porProduto}
                      onChange={(value) =>
                        setPorProduto(
                          Math.min(MAX_QUANTIDADE_POR_PRODUTO, Math.max(1, Number(value) || 1)),
                        )
                      }
                    />
                  </Group>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={4} fw={600}>
                Folha
              </Title>
              <NumberInput
                label="Começar na etiqueta"
                description="Para reaproveitar uma folha já usada: clique na primeira etiqueta livre."
                min={1}
                max={porPagina}
                allowDecimal={false}
                allowNegative={false}
                value={posicaoInicial}
                onChange={(value) => setPosicao(Math.max(1, Number(value) || 1))}
              />
              {modelo ? (
                <FolhaPreview
                  geometria={modelo}
                  posicaoInicial={posicaoInicial}
                  quantidade={total}
                  onPosicaoInicialChange={setPosicao}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Carregando modelos...
                </Text>
              )}
              <Text size="sm" data-testid="etiquetas-resumo">
                {modo === 'grupo' ? 'Até ' : ''}
                {total} {total === 1 ? 'etiqueta' : 'etiquetas'} em {paginas}{' '}
                {paginas === 1 ? 'folha' : 'folhas'}
              </Text>
              {total > MAX_ETIQUETAS_POR_ARQUIVO && (
                <Text size="sm" c="red">
                  No máximo {MAX_ETIQUETAS_POR_ARQUIVO.toLocaleString('pt-BR')} etiquetas por
                  arquivo.
                </Text>
              )}
              <Button
                leftSection={<IconFileTypePdf size={18} />}
                onClick={() => void gerar()}
                disabled={!pronto || imprimir.isPending}
                loading={imprimir.isPending}
              >
                Gerar PDF
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
