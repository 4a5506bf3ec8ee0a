import { Autocomplete, Divider, Grid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import {
  ALIQUOTA_ISS_MAXIMA,
  DURACAO_SERVICO_MAX,
  formatDuracao,
  LOCAIS_INCIDENCIA_ISS,
  LOCAL_INCIDENCIA_ISS_LABELS,
} from '@prumo/shared/servicos';
import { CadastroSelect, type CadastroEscolhido } from '../../../components/CadastroSelect';
import {
  ServicoNacionalSelect,
  useListaServicosNacionais,
} from '../../../components/inputs/ServicoNacionalSelect';
import {
  IntegerField,
  MoneyField,
  NbsField,
  PercentField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';

/** Categoria: free text, the categories already in use offered as one types. */
function CategoriaField({ categorias }: { categorias: string[] }) {
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: 'categoria' });
  return (
    <Autocomplete
      label="Categoria"
      description="Vazia, fica Geral"
      data={categorias}
      ref={ref}
      name={name}
      value={(value as string | null) ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}

/** Duração in minutes, read back as hours and minutes. */
function DuracaoField() {
  const {
    field: { value },
  } = useController({ name: 'duracao' });
  const minutos = typeof value === 'number' ? value : null;
  return (
    <IntegerField
      name="duracao"
      label="Duração (minutos)"
      description={minutos ? `= ${formatDuracao(minutos)}` : 'Padrão: 60 minutos (1 hora)'}
      min={1}
      max={DURACAO_SERVICO_MAX}
      step={15}
      suffix=" min"
    />
  );
}

/** Dados gerais: the spec's form (nome, código interno, valores, comissão, descrição) and more. */
export function DadosGeraisTab({ categorias }: { categorias: string[] }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <TextField name="nome" label="Nome do serviço" required maxLength={200} data-autofocus />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextField name="codigoInterno" label="Código interno" maxLength={50} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <CategoriaField categorias={categorias} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <DuracaoField />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <MoneyField name="valorCusto" label="Valor de custo" placeholder="R$ 0,00" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <MoneyField name="preco" label="Valor de venda" placeholder="R$ 0,00" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <PercentField name="comissao" label="Comissão" placeholder="0 %" />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextAreaField name="descricao" label="Descrição" maxLength={2000} />
      </Grid.Col>
      <Grid.Col span={12}>
        <SwitchField
          name="ativo"
          label="Serviço ativo (inativo, não é oferecido em novas ordens)"
        />
      </Grid.Col>
    </Grid>
  );
}

/** Fotos: not there yet (spec 2.9: a placeholder naming the accepted formats). */
export function FotosTab() {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center" data-testid="servico-fotos-em-breve">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconPhoto size={30} />
      </ThemeIcon>
      <Text fw={600}>Fotos do serviço: em breve</Text>
      <Text size="sm" c="dimmed" maw={420}>
        O envio de fotos dos serviços estará disponível em breve. Serão aceitas imagens JPG, PNG e
        GIF.
      </Text>
    </Stack>
  );
}

const LOCAL_INCIDENCIA_OPCOES = LOCAIS_INCIDENCIA_ISS.map((value) => ({
  value,
  label: LOCAL_INCIDENCIA_ISS_LABELS[value],
}));

/**
 * cTribNac, picked from the national service list (loaded on first use, in its own chunk); the
 * chosen service's full description below it.
 */
function CodigoTributacaoNacionalField() {
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ name: 'codigoTributacaoNacional' });
  const lista = useListaServicosNacionais();
  const codigo = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  const escolhido = codigo ? lista?.servicoNacionalPorCodigo(codigo) : undefined;
  return (
    <ServicoNacionalSelect
      label="Código de tributação nacional (cTribNac)"
      description={
        escolhido?.descricao ??
        'Item da lista de serviços nacional (LC 116); a NFS-e exige este código'
      }
      ref={ref}
      name={name}
      value={codigo}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      error={error?.message}
      data-testid="servico-ctribnac"
    />
  );
}

/** Fiscal: NCM, CFOP and the ICMS and IPI rates; the NFS-e's code, NBS and ISS. */
export function FiscalTab() {
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="ncm" label="NCM" placeholder="0000.00.00" maxLength={10} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextField name="cfop" label="CFOP" placeholder="5933" maxLength={5} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PercentField name="aliquotaIcms" label="Alíquota ICMS" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PercentField name="aliquotaIpi" label="Alíquota IPI" />
        </Grid.Col>
      </Grid>
      <Divider label="Fiscal (NFS-e)" labelPosition="left" />
      <Grid gap="md" data-testid="servico-fiscal-nfse">
        <Grid.Col span={12}>
          <CodigoTributacaoNacionalField />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NbsField
            name="codigoNbs"
            label="Código NBS"
            placeholder="0.0000.00.00"
            description="Nomenclatura Brasileira de Serviços, 9 dígitos, quando souber"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PercentField
            name="aliquotaIss"
            label="Alíquota do ISS"
            description={`De 0% a ${ALIQUOTA_ISS_MAXIMA}%`}
            max={ALIQUOTA_ISS_MAXIMA}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <SelectField
            name="localIncidenciaIss"
            label="Local de incidência do ISS"
            options={LOCAL_INCIDENCIA_OPCOES}
            required
            allowDeselect={false}
            clearable={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }} pt={{ sm: 36 }}>
          <SwitchField name="issRetido" label="ISS retido pelo tomador" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Fornecedores: the main supplier from the registry and its code for the service. */
export function FornecedoresTab({ fornecedorNome }: { fornecedorNome: string | null }) {
  const {
    field: { value, onChange },
    fieldState: { error },
  } = useController({ name: 'fornecedorId' });
  // The chosen supplier's name, for the select's box (the form keeps only the id).
  const [escolhido, setEscolhido] = useState<CadastroEscolhido | null>(
    typeof value === 'number' ? { id: value, nome: fornecedorNome ?? `#${value}` } : null,
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <CadastroSelect
          tipo="fornecedor"
          label="Fornecedor principal"
          placeholder="Pesquisar fornecedor"
          nothingFound="Fornecedor não encontrado."
          value={escolhido}
          onChange={(cadastro) => {
            setEscolhido(cadastro);
            onChange(cadastro?.id ?? null);
          }}
          error={error?.message}
          data-testid="servico-fornecedor"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextField name="codigoFornecedor" label="Código do fornecedor" maxLength={60} />
      </Grid.Col>
    </Grid>
  );
}
