import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FilingPageText } from "@/components/filings/filing-page-text";
import { ReaderPager } from "@/components/filings/reader-pager";
import { ScrollToTarget } from "@/components/filings/scroll-to-target";
import { databaseNotice } from "@/components/ui/database-notice";
import { databaseState } from "@/lib/db/market-db";
import { filingDocuments } from "@/lib/filings/reader/filing-documents";
import { fiscalLabel, filingTypeLabel } from "@/lib/filings/filing-labels";
import { parseHitParam, queryMarks, readerWindow } from "@/lib/filings/reader/reader-marks";
import { readerPage } from "@/lib/filings/reader/reader-page";
import { companyHref, readerHref } from "@/lib/links";
import { decodeSegment, paramValue, paramValues } from "@/lib/url-params";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};


export async function generateMetadata({ params }: Props): Promise<Metadata> {
  if (databaseState() !== "ready") return {};
  const filing = filingDocuments().filing(decodeSegment((await params).id));
  return { title: filing ? `${filing.company_name ?? filing.company_label ?? ""} ${filingTypeLabel(filing.filing_type)} ${fiscalLabel(filing)}`.trim() : "Filing" };
}

/**
 * /filings/<id>/: the document reader. Shows a window of pages (PDF pages, or parts of a plain-text
 * filing) around `page`, or around the passage `hit` (offsets in the filing text) which is
 * highlighted and scrolled into view; the words of `q` are marked. Sections jump to their page.
 */
export default async function FilingReaderPage({ params, searchParams }: Props) {
  const notice = databaseNotice();
  if (notice) return notice;
  const id = decodeSegment((await params).id);
  const documents = filingDocuments();
  const filing = documents.filing(id);
  if (!filing) notFound();
  const query = await searchParams;
  const hit = parseHitParam(paramValue(query, "hit"));
  const queries = paramValues(query, "q").slice(0, 12);
  const requested = Number(paramValue(query, "page"));
  const target = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, filing.pages) : hit ? documents.pageAt(filing.id, hit.start) : 1;
  const { from, to } = readerWindow(filing.pages, target);
  const pages = documents.pages(filing.id, from, to);
  const sections = documents.sections(filing.id);
  const marks = queryMarks(queries);
  const furniture = documents.furniture(filing);
  const unit = filing.has_pages ? "Page" : "Part";
  const pageHref = (page: number) => readerHref(filing.source_name, { page, queries });
  // The section the page asked for (or the hit's) is in.
  const current = sections.filter((s) => s.page <= target).at(-1);
  const company = filing.company_name ?? filing.company_label ?? "Unknown company";

  return (
    <main className="mx-auto grid max-w-[1400px] gap-6 px-4 py-4 lg:grid-cols-[260px_minmax(0,1fr)]">
      <header className="lg:col-span-2">
        <p className="text-xs text-zinc-500">
          <Link href="/filings/" className="hover:underline">
            Filings
          </Link>{" "}
          / <span className="font-mono">{filing.source_name}</span>
        </p>
        <h1 className="mt-1 text-xl font-semibold tracking-tight">
          {filing.full_ticker ? (
            <Link href={companyHref(filing.full_ticker)} className="hover:underline">
              {company}
            </Link>
          ) : (
            company
          )}{" "}
          · {filingTypeLabel(filing.filing_type)} {fiscalLabel(filing)}
        </h1>
        <p className="mt-0.5 flex flex-wrap gap-x-4 text-xs text-zinc-500">
          {filing.full_ticker && <span className="font-mono">{filing.full_ticker}</span>}
          {filing.period_end && <span>Period ended {filing.period_end}</span>}
          {filing.report_date && <span>Dated {filing.report_date}</span>}
          <span>
            {filing.pages} {filing.has_pages ? "pages" : "parts (plain-text filing, cut into parts of about 12,000 characters)"}
          </span>
          {filing.source_url && (
            <a className="text-sky-800 hover:underline dark:text-sky-300" href={filing.source_url} target="_blank" rel="noreferrer noopener" data-testid="original-link">
              Original document ↗
            </a>
          )}
          {filing.repaired_ligatures + filing.repaired_split_words > 0 && (
            <span title="The PDF text lost ligatures or split words apart; the ingest repaired what it could">Text repaired at ingest</span>
          )}
          {filing.unreadable_pages > 0 && (
            <span className="text-amber-800 dark:text-amber-300" data-testid="unreadable-pages" title="Almost none of these pages' characters form words or numbers (as when a PDF maps its glyphs to private codes)">
              {filing.unreadable_pages} of {filing.pages} pages unreadable, not searched
            </span>
          )}
        </p>
      </header>

      <nav aria-label="Sections" className="lg:sticky lg:top-14 lg:max-h-[calc(100vh-4.5rem)] lg:self-start lg:overflow-y-auto">
        <h2 className="text-xs font-semibold text-zinc-500 uppercase">Sections</h2>
        {sections.length === 0 ? (
          <p className="mt-1 text-xs text-zinc-500">This filing has no Item sections.</p>
        ) : (
          <ol className="mt-1 space-y-0.5 text-[13px]">
            {sections.map((s) => (
              <li key={s.key + s.start_offset}>
                <Link
                  href={`${pageHref(s.page)}#page-${s.page}`}
                  aria-current={s === current ? "location" : undefined}
                  className="block rounded px-1.5 py-0.5 text-zinc-700 hover:bg-zinc-100 aria-[current]:bg-sky-50 aria-[current]:font-medium aria-[current]:text-sky-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current]:bg-sky-950 dark:aria-[current]:text-sky-200"
                >
                  {s.title}{" "}
                  <span className="text-[11px] text-zinc-500 dark:text-zinc-400">
                    {unit.toLowerCase()} {s.page}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </nav>

      <article aria-label="Filing text" className="min-w-0">
        <ReaderPager from={from} to={to} total={filing.pages} unit={unit} href={pageHref} action={readerHref(filing.source_name)} queries={queries} place="above" />
        {pages.map((page) => {
          const shown = readerPage(page.text, page.start_offset, filing.has_pages ? page.number : null, furniture, hit, marks);
          return (
            <section key={page.number} id={`page-${page.number}`} aria-label={`${unit} ${page.number}`} className="scroll-mt-14 border-b border-dashed border-zinc-200 py-4 dark:border-zinc-800">
              <h2 className="mb-2 text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
                {unit} {page.number}
              </h2>
              <FilingPageText page={shown} />
            </section>
          );
        })}
        <ReaderPager from={from} to={to} total={filing.pages} unit={unit} href={pageHref} action={readerHref(filing.source_name)} queries={queries} place="below" />
        {hit ? <ScrollToTarget target="hit" /> : target > 1 && <ScrollToTarget target={`page-${target}`} />}
      </article>
    </main>
  );
}
