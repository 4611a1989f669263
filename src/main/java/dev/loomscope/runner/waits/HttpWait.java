package dev.loomscope.runner.waits;

import dev.loomscope.protocol.RunnerArgs;
import dev.loomscope.protocol.ServiceArgs;
import dev.loomscope.scenario.Scenario;
import dev.loomscope.text.Text;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The http mode: each task sends one GET, through the run's one {@link HttpClient}, to a service
 * outside the runner JVM that answers after the sleep time.
 */
final class HttpWait implements ServiceWait {

    private final HttpClient client;
    private final HttpRequest request;

    private final HttpRequest noWait;

    private HttpWait(HttpClient client, HttpRequest request, HttpRequest noWait) {
        this.client = client;
        this.request = request;
        this.noWait = noWait;
    }

    static HttpWait open(Scenario scenario, RunnerArgs args) {
        String base = args.required(ServiceArgs.HTTP_URL);
        var client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        return new HttpWait(client, HttpRequest.newBuilder(URI.create(base + "?ms=" + scenario.sleepMs())).GET().build(),
                HttpRequest.newBuilder(URI.create(base + "?ms=0")).GET().build());
    }

    /** Requests answered at once, one after another: the client and the service are warm before the first task. */
    @Override
    public void warmUp() throws IOException, InterruptedException {
        for (int call = 0; call < JdbcWait.WARM_UP_CALLS; call++) {
            send(noWait);
        }
    }

    @Override
    public void await(int task) throws IOException, InterruptedException {
        send(request);
    }

    private void send(HttpRequest to) throws IOException, InterruptedException {
        HttpResponse<Void> response = client.send(to, HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() != 200) {
            throw new IOException(Text.get("wait.http.status", response.statusCode(), to.uri()));
        }
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
