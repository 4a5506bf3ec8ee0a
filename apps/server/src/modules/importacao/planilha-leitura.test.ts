import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LIVRO_MINIMO, zerosDeflatados, zip } from '../../test/zip-teste';
import { liberarMemoria } from './memoria';
import { LIMITES_PLANILHA, lerPlanilha, numeroBr } from './planilha-leitura';

/*
 * The reader of uploaded spreadsheets, on fixtures built here: CSVs in both encodings and all
 * three separators, XLSX written by exceljs, and hostile files (zip bombs from a minimal zip
 * writer, garbage, files of the wrong kind).
 */

const recusa = (status: number, trecho: string | RegExp) =>
  expect.objectContaining({
    statusCode: status,
    message:
      typeof trecho === 'string' ? expect.stringContaining(trecho) : expect.stringMatching(trecho),
  });

async function xlsx(montar: (livro: ExcelJS.Workbook) => void): Promise<Buffer> {
  const livro = new ExcelJS.Workbook();
  montar(livro);
  return Buffer.from(await livro.xlsx.writeBuffer());
}

describe('CSV e TXT', () => {
  it('lê UTF-8 com BOM, ";", CRLF e campos entre aspas com separador e quebra de linha', async () => {
    const texto =
      '\uFEFFCódigo;Nome;Preço;Observação\r\n' +
      'P1;"Café; torrado";1.234,56;"linha 1\r\nlinha 2"\r\n' +
      'P2;Açúcar;"12,50";"diz ""olá"""\r\n';
    const lida = await lerPlanilha(Buffer.from(texto, 'utf8'), 'produtos.csv');
    expect(lida).toEqual({
      folhas: [],
      folha: null,
      cabecalhos: ['Código', 'Nome', 'Preço', 'Observação'],
      linhas: [
        ['P1', 'Café; torrado', '1.234,56', 'linha 1\r\nlinha 2'],
        ['P2', 'Açúcar', '12,50', 'diz "olá"'],
      ],
      codificacao: 'UTF-8',
      separador: ';',
      linha_cabecalho: 1,
    });
  });

  it('lê Windows-1252 (o "CSV" do Excel) com "," e LF', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Nome,Preço,Cidade\nMaçã,"1,50",São Paulo\nCaneta ', 'latin1'),
      Buffer.from([0x80]), // € in Windows-1252, not a Latin-1 character
      Buffer.from(',2,Ribeirão\n', 'latin1'),
    ]);
    const lida = await lerPlanilha(bytes, 'lista.CSV');
    expect(lida.codificacao).toBe('Windows-1252');
    expect(lida.separador).toBe(',');
    expect(lida.cabecalhos).toEqual(['Nome', 'Preço', 'Cidade']);
    expect(lida.linhas).toEqual([
      ['Maçã', '1,50', 'São Paulo'],
      ['Caneta €', '2', 'Ribeirão'],
    ]);
  });

  it('lê UTF-8 sem BOM separado por tabulação (.txt)', async () => {
    const lida = await lerPlanilha(
      Buffer.from('Nome\tCPF/CNPJ\tUF\nJoão da Silva\t123.456.789-09\tSP\n', 'utf8'),
      'clientes.txt',
    );
    expect(lida.codificacao).toBe('UTF-8');
    expect(lida.separador).toBe('\t');
    expect(lida.linhas).toEqual([['João da Silva', '123.456.789-09', 'SP']]);
  });

  it('acha o cabeçalho na primeira linha preenchida, completa linhas curtas e corta o vazio do fim', async () => {
    const texto = ';;\n\nNome;Preço;;;\nA;1\n;;;\nB;2;extra;;\n;;;\n\n';
    const lida = await lerPlanilha(Buffer.from(texto), 'x.csv');
    expect(lida.linha_cabecalho).toBe(3);
    expect(lida.cabecalhos).toEqual(['Nome', 'Preço', '']);
    // The blank row 5 stays, so row numbers still follow the file.
    expect(lida.linhas).toEqual([
      ['A', '1', ''],
      ['', '', ''],
      ['B', '2', 'extra'],
    ]);
  });

  it('segue a dica "sep=" do Excel na primeira linha', async () => {
    const lida = await lerPlanilha(
      Buffer.from('sep=,\r\nNome;Apelido,Preço\r\nA;B,"1,5"\r\n'),
      'x.csv',
    );
    expect(lida).toMatchObject({
      separador: ',',
      linha_cabecalho: 2,
      cabecalhos: ['Nome;Apelido', 'Preço'],
      linhas: [['A;B', '1,5']],
    });
  });

  it('uma coluna só: separador ";"', async () => {
    const lida = await lerPlanilha(Buffer.from('Nome\r\nAna\r\nBia'), 'nomes.csv');
    expect(lida.separador).toBe(';');
    expect(lida.linhas).toEqual([['Ana'], ['Bia']]);
  });

  it('recusa aspas que não se fecham, dizendo a linha', async () => {
    await expect(
      lerPlanilha(Buffer.from('Nome;Obs\nA;ok\nB;"sem fim\nC;x\n'), 'x.csv'),
    ).rejects.toEqual(recusa(400, 'linha 3'));
  });

  it('recusa passar dos limites de colunas, de caracteres por célula e de linhas', async () => {
    const largas = Array.from({ length: 201 }, (_, i) => `C${i}`).join(';');
    await expect(lerPlanilha(Buffer.from(`${largas}\n1\n`), 'x.csv')).rejects.toEqual(
      recusa(400, '200 colunas'),
    );
    const longa = 'x'.repeat(10_001);
    await expect(lerPlanilha(Buffer.from(`Nome;Obs\nA;${longa}\n`), 'x.csv')).rejects.toEqual(
      recusa(400, 'A célula B2 passa de 10.000 caracteres'),
    );
    const linhas = `Nome\n${'a\n'.repeat(LIMITES_PLANILHA.linhas)}`;
    await expect(lerPlanilha(Buffer.from(linhas), 'ok.csv')).resolves.toMatchObject({
      linhas: { length: LIMITES_PLANILHA.linhas },
    });
    await expect(lerPlanilha(Buffer.from(`${linhas}a\n`), 'x.csv')).rejects.toEqual(
      recusa(413, '100.000 linhas'),
    );
  });

  it('um arquivo só de linhas em branco não ocupa memória e é recusado', async () => {
    await expect(lerPlanilha(Buffer.from('\n'.repeat(5_000_000)), 'x.csv')).rejects.toEqual(
      recusa(400, 'nenhuma linha preenchida'),
    );
  });
});

describe('arquivos recusados', () => {
  it('vazio, só com cabeçalho, extensão desconhecida, .xls e grande demais', async () => {
    await expect(lerPlanilha(Buffer.alloc(0), 'x.csv')).rejects.toEqual(recusa(400, 'vazio'));
    await expect(lerPlanilha(Buffer.from('Nome;Preço\r\n;\r\n'), 'x.csv')).rejects.toEqual(
      recusa(400, 'só tem a linha de cabeçalho'),
    );
    await expect(lerPlanilha(Buffer.from('a'), 'x.ods')).rejects.toEqual(
      recusa(400, /\.csv, \.txt ou \.xlsx/),
    );
    await expect(lerPlanilha(Buffer.from('a'), 'semextensao')).rejects.toEqual(
      recusa(400, '.csv, .txt ou .xlsx'),
    );
    await expect(lerPlanilha(Buffer.from('a'), 'antigo.XLS')).rejects.toEqual(
      recusa(400, 'salve como .xlsx ou .csv'),
    );
    await expect(
      lerPlanilha(Buffer.alloc(LIMITES_PLANILHA.bytes + 1, 0x41), 'x.csv'),
    ).rejects.toEqual(recusa(413, '20 MB'));
  });

  it('lixo binário com nome .csv, caracteres de controle, UTF-16 e um .xlsx renomeado', async () => {
    const lixo = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
    await expect(lerPlanilha(lixo, 'x.csv')).rejects.toEqual(
      recusa(400, 'não parece ser um texto CSV'),
    );
    const controles = Buffer.from(
      'Nome;Obs\n\x01\x02\x03\x04\x05\x06\x07\x08\x0e\x0f;a\n',
      'latin1',
    );
    await expect(lerPlanilha(controles, 'x.csv')).rejects.toEqual(
      recusa(400, 'caracteres de controle'),
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Nome\tUF\nA\tSP\n', 'utf16le'),
    ]);
    await expect(lerPlanilha(utf16, 'x.txt')).rejects.toEqual(recusa(400, 'UTF-16'));
    const planilha = await xlsx((l) => l.addWorksheet('A').addRow(['Nome']));
    await expect(lerPlanilha(planilha, 'x.csv')).rejects.toEqual(
      recusa(400, 'com a extensão .xlsx'),
    );
  });

  it('um .xlsx que não é zip, um zip corrompido e um zip sem pasta de trabalho', async () => {
    await expect(lerPlanilha(Buffer.from('Nome;Preço\nA;1\n'), 'x.xlsx')).rejects.toEqual(
      recusa(400, 'não é uma planilha .xlsx válida'),
    );
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(lerPlanilha(ole, 'protegida.xlsx')).rejects.toEqual(
      recusa(400, 'protegido por senha'),
    );
    const cortado = (await xlsx((l) => l.addWorksheet('A').addRow(['Nome']))).subarray(0, 300);
    await expect(lerPlanilha(cortado, 'x.xlsx')).rejects.toEqual(recusa(400, 'corrompido'));
    const semLivro = zip([{ nome: 'leia-me.txt', dados: Buffer.from('olá') }]);
    await expect(lerPlanilha(semLivro, 'x.xlsx')).rejects.toEqual(
      recusa(400, 'não contém uma pasta de trabalho'),
    );
  });

  it('zip bomb: 256 MB de zeros é recusado pelo diretório, rápido e sem memória', async () => {
    const { comprimido, crc } = await zerosDeflatados(256);
    const bomba = zip([
      ...LIVRO_MINIMO,
      { nome: 'xl/worksheets/sheet1.xml', comprimido, crc, tamanho: 256 * 1024 * 1024 },
    ]);
    expect(bomba.length).toBeLessThan(2 * 1024 * 1024);
    const rss = process.memoryUsage().rss;
    const inicio = performance.now();
    await expect(lerPlanilha(bomba, 'bomba.xlsx')).rejects.toEqual(recusa(413, '200 MB'));
    expect(performance.now() - inicio).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
  });

  it('zip bomb: compressão absurda numa entrada abaixo do total é recusada', async () => {
    const { comprimido, crc } = await zerosDeflatados(100);
    const bomba = zip([
      ...LIVRO_MINIMO,
      { nome: 'xl/worksheets/sheet1.xml', comprimido, crc, tamanho: 100 * 1024 * 1024 },
    ]);
    await expect(lerPlanilha(bomba, 'bomba.xlsx')).rejects.toEqual(recusa(400, 'malicioso'));
  });

  it('zip bomb que mente o tamanho: o que de fato infla é contado e recusado', async () => {
    const { comprimido, crc } = await zerosDeflatados(20);
    const bomba = zip([
      ...LIVRO_MINIMO,
      { nome: 'xl/worksheets/sheet1.xml', comprimido, crc, tamanho: 1000 },
    ]);
    const rss = process.memoryUsage().rss;
    await expect(lerPlanilha(bomba, 'bomba.xlsx')).rejects.toEqual(recusa(400, 'malicioso'));
    expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
  });
  it('zip bomb escondida: uma entrada fora do diretório central, que o leitor do exceljs leria', async () => {
    const { comprimido, crc } = await zerosDeflatados(100);
    const bomba = zip([
      ...LIVRO_MINIMO,
      { nome: 'xl/sharedStrings.xml', comprimido, crc, tamanho: 100 * 1024 * 1024, oculta: true },
      {
        nome: 'xl/worksheets/sheet1.xml',
        dados: Buffer.from('<worksheet><sheetData/></worksheet>'),
      },
    ]);
    await expect(lerPlanilha(bomba, 'bomba.xlsx')).rejects.toEqual(recusa(400, 'malicioso'));
  });

  it('o zip mínimo sem nada escondido passa pela inspeção', async () => {
    const linha = (n: number, a: string, b: string) =>
      `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>${a}</t></is></c><c r="B${n}"><v>${b}</v></c></row>`;
    const minimo = zip([
      ...LIVRO_MINIMO,
      {
        nome: 'xl/worksheets/sheet1.xml',
        dados: Buffer.from(
          `<worksheet><sheetData>${linha(1, 'Nome', '0')}${linha(2, 'Ana', '2.5')}</sheetData></worksheet>`,
        ),
      },
    ]);
    await expect(lerPlanilha(minimo, 'minimo.xlsx')).resolves.toMatchObject({
      folhas: ['Dados'],
      cabecalhos: ['Nome', '0'],
      linhas: [['Ana', '2,5']],
    });
  });
});

describe('XLSX', () => {
  it('mostra as células como o usuário vê', async () => {
    const arquivo = await xlsx((livro) => {
      const folha = livro.addWorksheet('Produtos');
      folha.addRow([
        'Código',
        'Nome',
        'Preço',
        'Qtd',
        'Barras',
        'Validade',
        'Ativo',
        'Total',
        'Site',
        'Obs',
        'Erro',
        'Vence',
      ]);
      const linha = folha.addRow([
        'P1',
        { richText: [{ text: 'Café ' }, { font: { bold: true }, text: 'forte' }] },
        1234.56,
        12,
        7891000315507,
        new Date(Date.UTC(2026, 11, 31)),
        true,
        { formula: 'C2*D2', result: 14814.72 },
        { text: 'nosso site', hyperlink: 'https://exemplo.com.br' },
        null,
        { error: '#N/A' },
        { formula: 'F2+1', result: 46388 },
      ]);
      linha.getCell(6).numFmt = 'dd/mm/yyyy';
      linha.getCell(12).numFmt = 'dd/mm/yyyy';
      folha.addRow([
        'P2',
        'Chá',
        0.1 + 0.2,
        -3,
        '0012',
        new Date(Date.UTC(2026, 0, 5, 14, 30)),
        false,
      ]);
      folha.getRow(3).getCell(6).numFmt = 'dd/mm/yyyy hh:mm';
    });
    const lida = await lerPlanilha(arquivo, 'produtos.xlsx');
    expect(lida.folhas).toEqual(['Produtos']);
    expect(lida.folha).toBe('Produtos');
    expect(lida.codificacao).toBeNull();
    expect(lida.separador).toBeNull();
    expect(lida.linhas).toEqual([
      [
        'P1',
        'Café forte',
        '1234,56',
        '12',
        '7891000315507',
        '31/12/2026',
        'Sim',
        '14814,72',
        'nosso site',
        '',
        '#N/A',
        '01/01/2027',
      ],
      ['P2', 'Chá', '0,3', '-3', '0012', '05/01/2026 14:30', 'Não', '', '', '', '', ''],
    ]);
  });

  it('datas no sistema de 1904 (Excel antigo do Mac) e células só de hora', async () => {
    const arquivo = await xlsx((livro) => {
      livro.properties.date1904 = true;
      const f = livro.addWorksheet('A');
      f.addRow(['Data', 'Fórmula', 'Hora']);
      const linha = f.addRow([
        new Date(Date.UTC(2026, 11, 31)),
        { formula: 'A2+1', result: 44926 },
        new Date(Date.UTC(1899, 11, 30, 8, 45)),
      ]);
      linha.getCell(1).numFmt = 'dd/mm/yyyy';
      linha.getCell(2).numFmt = 'dd/mm/yyyy';
      linha.getCell(3).numFmt = 'hh:mm';
    });
    const lida = await lerPlanilha(arquivo, 'mac.xlsx');
    // 44926 in the 1904 system is 01/01/2027 (46388 in the 1900 one).
    expect(lida.linhas).toEqual([['31/12/2026', '01/01/2027', '08:45']]);
  });

  it('folhas: a primeira visível por padrão, outra pelo nome, e recusa uma que não existe', async () => {
    const arquivo = await xlsx((livro) => {
      livro.addWorksheet('Oculta', { state: 'hidden' }).addRow(['Segredo']);
      livro.addWorksheet('Clientes').addRows([['Nome'], ['Ana']]);
      const f = livro.addWorksheet('Fornecedores & cia');
      f.addRow([]);
      f.addRow(['Nome', 'UF']);
      f.addRow(['Bob']);
    });
    const padrao = await lerPlanilha(arquivo, 'cadastros.xlsx');
    expect(padrao.folhas).toEqual(['Oculta', 'Clientes', 'Fornecedores & cia']);
    expect(padrao).toMatchObject({ folha: 'Clientes', cabecalhos: ['Nome'], linhas: [['Ana']] });
    const outra = await lerPlanilha(arquivo, 'cadastros.xlsx', { folha: 'Fornecedores & cia' });
    expect(outra).toMatchObject({
      linha_cabecalho: 2,
      cabecalhos: ['Nome', 'UF'],
      linhas: [['Bob', '']],
    });
    await expect(lerPlanilha(arquivo, 'cadastros.xlsx', { folha: 'Vendas' })).rejects.toEqual(
      recusa(
        400,
        'A folha "Vendas" não existe nesta planilha. Folhas: Oculta, Clientes, Fornecedores & cia.',
      ),
    );
  });

  it('folhas gravadas antes das strings compartilhadas (como o Excel grava) leem certo toda vez', async () => {
    // exceljs's own reading of such a file ended the zip early about once in a hundred reads and
    // left a temp file opened after its deletion (an error outside every promise, seen in CI).
    const arquivo = await xlsx((livro) => {
      for (const nome of ['Ana', 'Bob', 'Cid'])
        livro.addWorksheet(nome).addRows([['Nome'], [nome]]);
    });
    for (let vez = 0; vez < 200; vez++) {
      const folha = ['Ana', 'Bob', 'Cid'][vez % 3]!;
      const lida = await lerPlanilha(arquivo, 'nomes.xlsx', { folha });
      expect(lida).toMatchObject({ folha, cabecalhos: ['Nome'], linhas: [[folha]] });
    }
  });

  it('linhas ausentes no meio contam como em branco; vazias no fim e formatadas são cortadas', async () => {
    const arquivo = await xlsx((livro) => {
      const f = livro.addWorksheet('A');
      f.getCell('A1').value = 'Nome';
      f.getCell('B1').value = 'Preço';
      f.getCell('A2').value = 'X';
      f.getCell('A5').value = 'Y';
      f.getCell('E5').numFmt = '0.00'; // styled but empty: no column
      f.getCell('A900').numFmt = '0.00';
    });
    const lida = await lerPlanilha(arquivo, 'a.xlsx');
    expect(lida.cabecalhos).toEqual(['Nome', 'Preço']);
    expect(lida.linhas).toEqual([
      ['X', ''],
      ['', ''],
      ['', ''],
      ['Y', ''],
    ]);
  });

  it('recusa só cabeçalho, colunas demais e células longas demais', async () => {
    const soCabecalho = await xlsx((l) => l.addWorksheet('A').addRow(['Nome', 'CPF']));
    await expect(lerPlanilha(soCabecalho, 'a.xlsx')).rejects.toEqual(
      recusa(400, 'só tem a linha de cabeçalho'),
    );
    const largas = await xlsx((l) => {
      const f = l.addWorksheet('A');
      f.addRow(['Nome']);
      f.getCell(2, 201).value = 'longe';
    });
    await expect(lerPlanilha(largas, 'a.xlsx')).rejects.toEqual(recusa(400, '200 colunas'));
    const longa = await xlsx((l) => l.addWorksheet('A').addRows([['Nome'], ['x'.repeat(10_001)]]));
    await expect(lerPlanilha(longa, 'a.xlsx')).rejects.toEqual(
      recusa(400, 'A célula A2 passa de 10.000'),
    );
  });

  it('50.000 linhas × 15 colunas em poucos segundos e com memória limitada', async () => {
    const saida = new PassThrough();
    const partes: Buffer[] = [];
    saida.on('data', (p: Buffer) => partes.push(p));
    const escritor = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: saida,
      useSharedStrings: true,
      useStyles: true,
    });
    const folha = escritor.addWorksheet('Produtos');
    folha.addRow(Array.from({ length: 15 }, (_, i) => `Coluna ${i + 1}`)).commit();
    for (let i = 1; i <= 50_000; i++) {
      const linha = folha.addRow([
        `P${i}`,
        `Produto número ${i}`,
        i * 1.5,
        i,
        7891000000000 + i,
        new Date(Date.UTC(2026, 0, 1 + (i % 365))),
        'UN',
        'Grupo',
        i % 2 === 0,
        'Descrição um pouco mais longa do produto',
        10.25,
        3,
        'NCM',
        'Marca',
        `Obs ${i}`,
      ]);
      linha.getCell(6).numFmt = 'dd/mm/yyyy';
      linha.commit();
    }
    folha.commit();
    await escritor.commit();
    const arquivo = Buffer.concat(partes);

    // A collection first, so what is measured is the reading (the fixture's garbage aside).
    liberarMemoria();
    const antes = process.memoryUsage();
    let picoHeap = antes.heapUsed;
    let picoRss = antes.rss;
    const amostrar = setInterval(() => {
      const agora = process.memoryUsage();
      picoHeap = Math.max(picoHeap, agora.heapUsed);
      picoRss = Math.max(picoRss, agora.rss);
    }, 10);
    const inicio = performance.now();
    const lida = await lerPlanilha(arquivo, 'grande.xlsx');
    const ms = performance.now() - inicio;
    clearInterval(amostrar);
    liberarMemoria();
    const depois = process.memoryUsage();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(
      `XLSX de ${mb(arquivo.length)} MB, 50.000×15: ${ms.toFixed(0)} ms; heap: pico +${mb(picoHeap - antes.heapUsed)} MB, ` +
        `retido +${mb(depois.heapUsed - antes.heapUsed)} MB (as linhas); pico de RSS +${mb(picoRss - antes.rss)} MB`,
    );

    expect(lida.linhas).toHaveLength(50_000);
    expect(lida.linhas[49_999]).toEqual([
      'P50000',
      'Produto número 50000',
      '75000',
      '50000',
      '7891000050000',
      '27/12/2026',
      'UN',
      'Grupo',
      'Sim',
      'Descrição um pouco mais longa do produto',
      '10,25',
      '3',
      'NCM',
      'Marca',
      'Obs 50000',
    ]);
    expect(ms).toBeLessThan(20_000);
    // The rows themselves are ~750.000 short strings; the whole workbook model would be
    // several times that, and grow with the file.
    expect(picoHeap - antes.heapUsed).toBeLessThan(400 * 1024 * 1024);
    expect(picoRss - antes.rss).toBeLessThan(600 * 1024 * 1024);
  }, 120_000);
});

describe('numeroBr', () => {
  it('vírgula decimal, sem milhar nem notação científica', () => {
    expect(numeroBr(1234.56)).toBe('1234,56');
    expect(numeroBr(7891000315507)).toBe('7891000315507');
    expect(numeroBr(2 ** 70)).toBe('1180591620717411303424');
    expect(numeroBr(0.0000001)).toBe('0,0000001');
    expect(numeroBr(-0.5)).toBe('-0,5');
  });
});
