import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, QualiopiQuery, QualiopiReportResponse } from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { sendWorkbook } from '../../generic/xlsx-reply.js';
import { qualiopiPdf } from './pdf.js';
import { getQualiopiReport } from './report.js';
import { qualiopiWorkbook } from './xlsx.js';

const Course = z.object({ course: Id });
const REPORT = '/app/lea-manager/:course/qualiopi';

/** The Qualiopi follow-up report of the manager area (issue 20 §5): the screen's JSON, the workbook and the PDF; access checked by the service. */
export const qualiopiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files } = app.ctx;
  const schema = { params: Course, querystring: QualiopiQuery };
  const auth = { preHandler: requireUser };

  app.get(REPORT, { ...auth, schema: { ...schema, response: { 200: QualiopiReportResponse } } }, (request) =>
    getQualiopiReport(db, callerOf(request), request.params.course, request.query, request.locale),
  );
  app.get(`${REPORT}/xlsx`, { ...auth, schema }, async (request, reply) => {
    const file = await qualiopiWorkbook(db, callerOf(request), {
      courseId: request.params.course,
      query: request.query,
      locale: request.locale,
    });
    return sendWorkbook(reply, file);
  });
  app.get(`${REPORT}/pdf`, { ...auth, schema }, async (request, reply) => {
    const file = await qualiopiPdf({ db, files }, callerOf(request), {
      courseId: request.params.course,
      query: request.query,
      locale: request.locale,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(file.bytes.length))
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
};
