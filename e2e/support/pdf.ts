import PDFDocument from 'pdfkit';

/** A one-page PDF with a text layer holding `lines`, as a lab's report software prints one. */
export function textPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(11);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}
