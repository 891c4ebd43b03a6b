/** The heading and intro shared by the landing page's sections. */
export function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2
        id={id}
        className="font-display text-3xl font-extrabold tracking-tight text-balance sm:text-5xl"
      >
        {title}
      </h2>
      <p className="mt-3 text-lg text-pretty text-cream-200">{intro}</p>
    </div>
  );
}
