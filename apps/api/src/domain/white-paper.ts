/** Lines of the partnership white paper, the download that follows a guest-book send. */
const lines = [
  "PaxelBox Partnership White Paper",
  "",
  "Smart parcel lockers for buildings, stations, campuses and shops in Jabodetabek.",
  "",
  "1. Why lockers: contactless pick-up any time, fewer failed deliveries, safer parcels.",
  "2. What a partner provides: 2 square metres of floor, power, and a place people pass by.",
  "3. What we provide: the locker, installation, maintenance, monitoring and customer support.",
  "4. Revenue: a share of rent and drop-off income, plus advertising on the locker screen.",
  "5. Timeline: site survey in one week, installation within a month of signing.",
  "",
  "Contact our partnership team through the guest book on the PaxelBox site.",
];

const escapePdf = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** A small, valid one-page PDF (text only), built without any library. */
export function whitePaperPdf(): Buffer {
  const content = [
    "BT",
    "/F1 18 Tf",
    "56 780 Td",
    "22 TL",
    ...lines.map((line, index) => `${index === 1 ? "/F1 11 Tf 16 TL " : ""}(${escapePdf(line)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
