import { useEffect } from "react";
import type { PageMeta } from "@shared/pageMeta";

const MARK = "data-page-meta";

/**
 * Puts a page's metadata (an event's, a crew's) in the document head while the
 * page is open (title, description, Open Graph and social-card tags, canonical
 * link, JSON-LD), and removes it afterwards. Crawlers that run no JavaScript get
 * the same tags from the share pages on the site URL.
 */
export function useDocumentMeta(meta: PageMeta | null): void {
  const key = meta === null ? null : JSON.stringify(meta);
  useEffect(() => {
    if (key === null) return;
    const current = JSON.parse(key) as PageMeta;
    const previousTitle = document.title;
    document.title = current.title;
    const added: Element[] = [];
    const hidden: Array<{ element: Element; content: string | null }> = [];

    for (const tag of current.tags) {
      const [attribute, name] = "property" in tag ? ["property", tag.property] : ["name", tag.name];
      // The page's default description steps aside while this page's is shown.
      for (const existing of document.head.querySelectorAll(
        `meta[${attribute}="${name}"]:not([${MARK}])`,
      )) {
        hidden.push({ element: existing, content: existing.getAttribute("content") });
        existing.setAttribute("content", tag.content);
      }
      if (hidden.some((entry) => entry.element.getAttribute(attribute) === name)) continue;
      const element = document.createElement("meta");
      element.setAttribute(attribute, name);
      element.setAttribute("content", tag.content);
      element.setAttribute(MARK, "");
      document.head.appendChild(element);
      added.push(element);
    }

    const canonical = document.createElement("link");
    canonical.rel = "canonical";
    canonical.href = current.url;
    canonical.setAttribute(MARK, "");
    document.head.appendChild(canonical);
    added.push(canonical);

    if (current.jsonLd !== null) {
      const script = document.createElement("script");
      script.type = "application/ld+json";
      script.textContent = JSON.stringify(current.jsonLd);
      script.setAttribute(MARK, "");
      document.head.appendChild(script);
      added.push(script);
    }

    return () => {
      document.title = previousTitle;
      for (const element of added) element.remove();
      for (const { element, content } of hidden) {
        if (content === null) element.removeAttribute("content");
        else element.setAttribute("content", content);
      }
    };
  }, [key]);
}
