export function LandingRoute() {
  return (
    <>
      {(['home', 'about', 'products', 'process', 'clients', 'contact'] as const).map((id) => (
        <section key={id} id={id} className="min-h-[60vh] px-4 py-16">
          <h2 className="text-2xl font-bold capitalize">{id}</h2>
        </section>
      ))}
    </>
  );
}
