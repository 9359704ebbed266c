# Build: docker build -t kibitz .
# Run:   docker run -it -v kibitz-data:/data kibitz            (console chat)
#        docker run -d -e DISCORD_TOKEN=… -v kibitz-data:/data kibitz
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY benches ./benches
COPY tests ./tests
COPY migrations ./migrations
COPY assets ./assets
COPY fonts ./fonts
RUN cargo build --release --locked --bin kibitz

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data kibitz \
    && mkdir -p /data && chown kibitz /data
COPY --from=build /src/target/release/kibitz /usr/local/bin/kibitz
USER kibitz
WORKDIR /data
ENV DATABASE_URL=sqlite:///data/kibitz.db \
    KIBITZ_IMAGE_DIR=/data/kibitz-images \
    RUST_LOG=warn,kibitz=info
VOLUME ["/data"]
ENTRYPOINT ["kibitz"]
CMD ["run"]
