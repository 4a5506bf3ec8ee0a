import { Button, Group, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  CADASTRO_TEXTOS,
  cadastroFormSchema,
  cadastroPaths,
  temFoto,
  type CadastroDetalhe,
  type CadastroModo,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { HistoricoButton } from '../../../components/HistoricoAlteracoes';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCadastro, useSaveCadastro } from '../../../api/cadastros';
import {
  cadastroToValues,
  emptyCadastroValues,
  withoutHiddenDocuments,
  type CadastroFormValues,
} from '../form-values';
import { AnexosSection } from './AnexosSection';
import { ContatosSection } from './ContatosSection';
import { FotoSection } from './FotoSection';
import {
  ClienteDadosGerais,
  EnderecoSection,
  EnderecosSection,
  FinanceiroSection,
  FornecedorDadosGerais,
  FuncionarioDadosGerais,
  ObservacoesSection,
  TransportadoraDadosGerais,
} from './sections';
import { SaveButton } from '../../../components/form/SaveButton';

/** Add screen of one kind of record (/cadastros/adicionar-<tipo>). */
export function AddCadastroScreen({ tipo }: { tipo: TipoCadastro }) {
  return <CadastroForm tipo={tipo} modo="create" />;
}

/** Edit screen (/cadastros/editar-<tipo>/{id}): loads the record, then shows the form. */
export function EditCadastroScreen({ tipo }: { tipo: TipoCadastro }) {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const query = useCadastro(id);
  const invalidId = !Number.isInteger(id) || id <= 0;
  const failed = invalidId || query.isError;
  const otherTipo = query.data && query.data.tipo !== tipo ? query.data : null;

  useEffect(() => {
    if (failed) {
      console.error(CADASTRO_TEXTOS.erroCarregar(tipo), query.error);
      notifyError(CADASTRO_TEXTOS.erroCarregar(tipo));
      void navigate(cadastroPaths.list(tipo), { replace: true });
    }
  }, [failed, navigate, tipo, query.error]);

  useEffect(() => {
    // A record opened under another kind's route goes to its own edit screen.
    if (otherTipo)
      void navigate(cadastroPaths.edit(otherTipo.tipo, otherTipo.id), { replace: true });
  }, [otherTipo, navigate]);

  if (failed || otherTipo || !query.data) {
    return <PageLoader label={CADASTRO_TEXTOS.carregandoDados(tipo)} />;
  }
  // The key makes a fresh form per record (and after each save).
  return <CadastroForm key={query.data.id} tipo={tipo} modo="update" detalhe={query.data} />;
}

function CadastroForm({
  tipo,
  modo,
  detalhe,
}: {
  tipo: TipoCadastro;
  modo: CadastroModo;
  detalhe?: CadastroDetalhe;
}) {
  const navigate = useNavigate();
  const save = useSaveCadastro();
  const saving = save.isPending;

  const resolver = useMemo(() => {
    const base = zodResolver(
      cadastroFormSchema(tipo, modo),
    ) as unknown as Resolver<CadastroFormValues>;
    // Documents hidden by the kind of person are neither checked nor sent.
    const withHidden: Resolver<CadastroFormValues> = (values, context, options) =>
      base(withoutHiddenDocuments(values) as CadastroFormValues, context, options);
    return withHidden;
  }, [tipo, modo]);

  const methods = useForm<CadastroFormValues>({
    defaultValues: detalhe ? cadastroToValues(detalhe) : emptyCadastroValues(tipo, modo),
    resolver,
  });

  const [foto, setFoto] = useState<File | null>(null);
  const [removerFoto, setRemoverFoto] = useState(false);
  const [fotoErro, setFotoErro] = useState<string | null>(null);
  const [anexos, setAnexos] = useState<File[]>([]);
  const [anexosRemovidos, setAnexosRemovidos] = useState<number[]>([]);
  const [anexosErro, setAnexosErro] = useState<string | null>(null);

  const titulo = modo === 'create' ? CADASTRO_TEXTOS.adicionar(tipo) : CADASTRO_TEXTOS.editar(tipo);
  const listPath = cadastroPaths.list(tipo);

  async function onSubmit(values: CadastroFormValues) {
    const dados: Record<string, unknown> = { ...values };
    if (modo === 'update') {
      if (temFoto(tipo)) dados.remover_foto = removerFoto && !foto;
      dados.anexos_remover = anexosRemovidos;
    }
    const arquivos = { foto: temFoto(tipo) ? foto : null, anexos };
    try {
      if (modo === 'create') {
        await save.mutateAsync({ dados, arquivos });
        notifySuccess(CADASTRO_TEXTOS.sucessoSalvar(tipo));
      } else {
        await save.mutateAsync({ id: detalhe!.id, dados, arquivos });
        notifySuccess(CADASTRO_TEXTOS.sucessoAtualizar(tipo));
      }
      void navigate(listPath);
    } catch (error) {
      const base =
        modo === 'create' ? CADASTRO_TEXTOS.erroSalvar(tipo) : CADASTRO_TEXTOS.erroAtualizar(tipo);
      console.error(base, error);
      if (error instanceof ApiError) {
        const { foto: fotoField, anexos: anexosField, ...fields } = error.fields;
        if (fotoField) setFotoErro(fotoField);
        if (anexosField) setAnexosErro(anexosField);
        applyServerFieldErrors(
          new ApiError(error.status, error.serverMessage, error.code, fields),
          methods.setError,
        );
      }
      notifyError(errorText(base, error));
    }
  }

  const sections = {
    dados: {
      cliente: <ClienteDadosGerais modo={modo} />,
      fornecedor: <FornecedorDadosGerais modo={modo} />,
      transportadora: <TransportadoraDadosGerais modo={modo} />,
      funcionario: <FuncionarioDadosGerais modo={modo} />,
    }[tipo],
    foto: (
      <FotoSection
        cadastroId={detalhe?.id}
        existing={detalhe?.foto ?? null}
        file={foto}
        onFileChange={(file) => {
          setFoto(file);
          setFotoErro(null);
        }}
        remover={removerFoto}
        onRemoverChange={setRemoverFoto}
        error={fotoErro ?? undefined}
        onError={setFotoErro}
      />
    ),
    anexos: (
      <AnexosSection
        cadastroId={detalhe?.id}
        existing={detalhe?.anexos ?? []}
        removidos={anexosRemovidos}
        onRemovidosChange={setAnexosRemovidos}
        novos={anexos}
        onNovosChange={setAnexos}
        error={anexosErro ?? undefined}
        onError={setAnexosErro}
      />
    ),
    contatos: <ContatosSection />,
    observacoes: <ObservacoesSection />,
  };

  // Section order of spec 2.7 per kind.
  const ordered = {
    cliente: [
      sections.dados,
      <EnderecosSection key="end" tipoField="tipo_cliente" />,
      sections.contatos,
      <FinanceiroSection key="fin" />,
      sections.foto,
      sections.anexos,
      sections.observacoes,
    ],
    fornecedor: [
      sections.dados,
      <EnderecosSection key="end" tipoField="tipo_fornecedor" />,
      sections.contatos,
      sections.anexos,
      sections.observacoes,
    ],
    transportadora: [
      sections.dados,
      <EnderecoSection key="end" required={modo === 'create'} />,
      sections.contatos,
      sections.anexos,
      sections.observacoes,
    ],
    funcionario: [
      sections.dados,
      sections.foto,
      sections.contatos,
      <EnderecoSection key="end" />,
      sections.anexos,
      sections.observacoes,
    ],
  }[tipo];

  return (
    <FormProvider {...methods}>
      <PageHeader
        title={titulo}
        breadcrumbs={[
          { label: 'Início', to: '/dashboard' },
          { label: 'Cadastros', to: listPath },
          { label: titulo },
        ]}
        actions={
          detalhe ? <HistoricoButton recurso="cadastros" registroId={detalhe.id} /> : undefined
        }
      />
      <form
        noValidate
        onSubmit={methods.handleSubmit(onSubmit)}
        aria-label={titulo}
        data-testid="cadastro-form"
      >
        <Stack gap="md">
          {ordered.map((section, index) => (
            <div key={index}>{section}</div>
          ))}
          <Group justify="flex-end" gap="sm" pb="xl">
            <Button variant="default" disabled={saving} onClick={() => void navigate(listPath)}>
              Cancelar
            </Button>
            <SaveButton saving={saving}>
              {modo === 'create' ? CADASTRO_TEXTOS.salvar(tipo) : CADASTRO_TEXTOS.atualizar(tipo)}
            </SaveButton>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
