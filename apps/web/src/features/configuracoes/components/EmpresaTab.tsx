import {
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formatCnpj, formatCpf } from '@prumo/shared/brasil';
import {
  empresaUpdateSchema,
  PIX_CIDADE_MAX,
  PIX_NOME_MAX,
  PIX_TIPO_LABELS,
  PIX_TIPOS,
  type Empresa,
  type EmpresaInput,
} from '@prumo/shared/configuracoes';
import {
  LOGO_PATH,
  useEmpresa,
  useEnviarLogo,
  useRemoverLogo,
  useSalvarEmpresa,
} from '../../../api/configuracoes';
import { PageLoader } from '../../../components/PageLoader';
import {
  CepField,
  SelectField,
  TelefoneField,
  TextField,
  UfField,
} from '../../../components/form/fields';
import { SaveButton } from '../../../components/form/SaveButton';
import { saveWithFeedback } from '../../../components/form/save-with-feedback';
import { useObjectUrl } from '../../../lib/files';

const PIX_OPCOES = PIX_TIPOS.map((value) => ({ value, label: PIX_TIPO_LABELS[value] }));

/** Configurações → Empresa: what every document prints, the logo and the PIX key. */
export function EmpresaTab() {
  const { data: empresa } = useEmpresa();
  if (!empresa) return <PageLoader />;
  return (
    <Stack>
      <EmpresaForm empresa={empresa} />
      <Logo temLogo={empresa.tem_logo} />
    </Stack>
  );
}

function EmpresaForm({ empresa }: { empresa: Empresa }) {
  const salvar = useSalvarEmpresa();
  const { tem_logo: _, documento, ...valores } = empresa;
  const form = useForm<EmpresaInput, unknown, EmpresaInput>({
    resolver: zodResolver(empresaUpdateSchema),
    // Stored without punctuation; shown as written (12.345.678/0001-95, 123.456.789-09).
    defaultValues: { ...valores, documento: documento && formatCnpj(formatCpf(documento)) },
  });
  const onValid = (dados: EmpresaInput) =>
    saveWithFeedback(
      () => salvar.mutateAsync(dados),
      { success: 'Dados da empresa salvos.', failure: 'Erro ao salvar os dados da empresa.' },
      form.setError,
    );

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate data-testid="empresa-form">
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              Dados da empresa
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Impressos no cabeçalho de comprovantes, pedidos, orçamentos e ordens de serviço.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField name="razao_social" label="Razão social" required maxLength={150} />
              <TextField name="nome_fantasia" label="Nome fantasia" maxLength={150} />
              <TextField name="documento" label="CNPJ ou CPF" maxLength={18} />
              <TextField name="inscricao_estadual" label="Inscrição estadual" maxLength={20} />
              <TelefoneField name="telefone" label="Telefone" />
              <TextField name="email" label="E-mail" type="email" maxLength={254} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
              <CepField name="cep" label="CEP" />
              <TextField name="logradouro" label="Logradouro" maxLength={150} />
              <TextField name="numero" label="Número" maxLength={20} />
              <TextField name="complemento" label="Complemento" maxLength={100} />
              <TextField name="bairro" label="Bairro" maxLength={100} />
              <Group grow gap="xs" align="flex-start">
                <TextField name="cidade" label="Cidade" maxLength={100} />
                <UfField name="uf" label="UF" />
              </Group>
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="sm">
              PIX
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Com a chave informada, o PDV, a venda e as contas a receber mostram o QR code PIX e o
              código copia e cola do valor exato.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SelectField
                name="pix_tipo"
                label="Tipo de chave"
                options={PIX_OPCOES}
                required={false}
              />
              <TextField name="pix_chave" label="Chave PIX" maxLength={77} />
              <TextField
                name="pix_nome"
                label="Nome do recebedor"
                description={`Até ${PIX_NOME_MAX} caracteres, sem acentos no código`}
                maxLength={PIX_NOME_MAX}
              />
              <TextField
                name="pix_cidade"
                label="Cidade do recebedor"
                description={`Até ${PIX_CIDADE_MAX} caracteres`}
                maxLength={PIX_CIDADE_MAX}
              />
            </SimpleGrid>
          </Paper>
          <Group justify="flex-end">
            <SaveButton saving={form.formState.isSubmitting}>Salvar</SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The logo: PNG or JPG (the server checks the content), shown as it will print. */
function Logo({ temLogo }: { temLogo: boolean }) {
  const enviar = useEnviarLogo();
  const remover = useRemoverLogo();
  // A new upload has the same address: the version makes the preview load it again.
  const [versao, setVersao] = useState(0);
  const url = useObjectUrl(temLogo ? `${LOGO_PATH}?v=${versao}` : null);
  const enviarArquivo = async (arquivo: File | null) => {
    if (!arquivo) return;
    const ok = await saveWithFeedback(() => enviar.mutateAsync(arquivo), {
      success: 'Logotipo salvo.',
      failure: 'Erro ao enviar o logotipo.',
    });
    if (ok) setVersao((v) => v + 1);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        Logotipo
      </Title>
      <Group align="center">
        {url ? (
          <Image src={url} alt="Logotipo da empresa" h={64} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum logotipo. PNG ou JPG, até 5 MB.
          </Text>
        )}
        <FileButton onChange={enviarArquivo} accept="image/png,image/jpeg">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={enviar.isPending}
            >
              {temLogo ? 'Trocar logotipo' : 'Enviar logotipo'}
            </Button>
          )}
        </FileButton>
        {temLogo && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remover.isPending}
            onClick={() =>
              saveWithFeedback(() => remover.mutateAsync(), {
                success: 'Logotipo removido.',
                failure: 'Erro ao remover o logotipo.',
              })
            }
          >
            Remover
          </Button>
        )}
      </Group>
    </Paper>
  );
}
