import type { FastifyInstance } from "fastify";
import { whitePaperPdf } from "../domain/white-paper.ts";

/** The white paper that the guest-book send links to. */
export function whitePaperRoutes(app: FastifyInstance): void {
  const pdf = whitePaperPdf();
  app.get(
    "/api/v1/white-papers/paxelbox-partnership.pdf",
    { schema: { hide: true } },
    async (_request, reply) =>
      reply
        .header("content-type", "application/pdf")
        .header("content-disposition", 'attachment; filename="paxelbox-partnership.pdf"')
        .header("cache-control", "public, max-age=86400")
        .send(pdf),
  );
}
