export function meta() {
  return [
    { title: "Hello world" },
    { name: "description", content: "A React Router hello world, the audit's reference page." },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Hello world</h1>
      <p>A React Router app rendered on the server and hydrated in the browser.</p>
    </main>
  );
}
